import { useRef } from "react";
import { site } from "~/platform/config/site";
import { buttonClasses } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { CONTACT_SECTION_ID } from "~/platform/shell/contact";
import { usePrefersReducedMotion, useStickyProgress } from "~/platform/ui/hooks";
import { Icon, type IconName } from "./icons";
import { splitHeroFrame } from "~/platform/ui/motion";

const floatingIcons: { icon: IconName; position: string; delay: string }[] = [
  { icon: "shirt", position: "top-[14%] left-[8%]", delay: "0s" },
  { icon: "gift", position: "top-[22%] right-[10%]", delay: "0.8s" },
  { icon: "star", position: "bottom-[24%] left-[14%]", delay: "1.6s" },
  { icon: "ticket", position: "bottom-[18%] right-[16%]", delay: "0.4s" },
  { icon: "heart", position: "top-[48%] left-[4%]", delay: "1.2s" },
  { icon: "palette", position: "top-[56%] right-[5%]", delay: "2s" },
];

function Panel({ side, offsetPercent }: { side: "left" | "right"; offsetPercent: number }) {
  const left = side === "left";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "absolute inset-y-0 w-1/2 will-change-transform",
        left
          ? "left-0 bg-linear-to-br from-brand-700 via-brand-800 to-brand-950"
          : "right-0 bg-linear-to-bl from-accent-600 via-accent-700 to-accent-900",
      )}
      style={{ transform: `translateX(${offsetPercent}%)` }}
    >
      <div className="flex h-full items-center justify-center">
        <div className="grid grid-cols-2 gap-6 opacity-80">
          {(left ? ["shirt", "store", "users", "ticket"] : ["gift", "box", "truck", "star"]).map(
            (icon) => (
              <span
                key={icon}
                className="inline-flex size-20 items-center justify-center rounded-panel bg-white/10 text-white sm:size-28"
              >
                <Icon name={icon as IconName} className="size-10 sm:size-14" />
              </span>
            ),
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Spec §2: the alternative home hero. Its two halves slide together as the visitor scrolls
 * (progress r: left -100+r·100 %, right 100-r·100 %) while the overlay fades (max(0, 1-1.2·r)).
 */
export function SplitHero() {
  const container = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const measured = useStickyProgress(container);
  const frame = splitHeroFrame(reducedMotion ? 0 : (measured ?? 0));

  return (
    <div ref={container} className="relative h-[180svh]">
      <section
        aria-labelledby="hero-heading"
        className="sticky top-(--spacing-header) flex h-[calc(100svh-var(--spacing-header))] items-center justify-center overflow-hidden bg-brand-950 text-white [--focus-ring:var(--color-accent-300)]"
      >
        <Panel side="left" offsetPercent={frame.leftOffsetPercent} />
        <Panel side="right" offsetPercent={frame.rightOffsetPercent} />
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-radial-[at_50%_40%] from-brand-700 to-brand-950"
          style={{ opacity: frame.overlayOpacity }}
        />
        {floatingIcons.map((item) => (
          <span
            key={item.icon}
            aria-hidden="true"
            className={cn(
              "absolute hidden text-accent-300/70 sm:block animate-float",
              item.position,
            )}
            style={{ animationDelay: item.delay }}
          >
            <Icon name={item.icon} className="size-9" />
          </span>
        ))}
        <div className="relative mx-auto max-w-3xl rounded-panel bg-brand-950/55 px-6 py-10 text-center backdrop-blur-sm sm:px-12">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">
            {site.name}
          </p>
          <h1 id="hero-heading" className="mt-4 text-5xl font-extrabold tracking-tight sm:text-6xl">
            We Simplify Merch
          </h1>
          <p className="mt-5 text-lg leading-8 text-brand-100">
            {site.tagline}. Branded webstores for your people and bulk orders for your big days, all
            printed and embroidered in-house.
          </p>
          <a
            href={`#${CONTACT_SECTION_ID}`}
            className={buttonClasses({ size: "lg", className: "mt-8" })}
          >
            <span className="hidden md:inline">Contact Us To Get Started</span>
            <span className="md:hidden">Get Started</span>
          </a>
        </div>
      </section>
    </div>
  );
}
