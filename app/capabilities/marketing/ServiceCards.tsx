import { useEffect, useRef, useState } from "react";
import { ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { cn } from "~/platform/ui/cn";
import { usePrefersReducedMotion, useEntryProgress } from "~/platform/ui/hooks";
import { Icon, type IconName } from "./icons";
import { SHAKE_DURATION_MS, shouldShake, slideInFrame } from "~/platform/ui/motion";

interface Service {
  title: string;
  icon: IconName;
  summary: string;
  points: string[];
  to: string;
  action: string;
  from: "left" | "right";
}

const services: Service[] = [
  {
    title: "Company Webstores",
    icon: "store",
    summary:
      "A branded online store for your employees, clients or community. People order their own sizes and styles, and we make each item on demand.",
    points: [
      "No minimums and no inventory",
      "5-8 day turnaround, printed in-house",
      "Post-pay gift codes: pay only for what's redeemed",
      "Built in under 2 weeks, from $180 per year",
    ],
    to: "/webstores",
    action: "Learn more about webstores",
    from: "left",
  },
  {
    title: "Custom Bulk Orders",
    icon: "box",
    summary:
      "Branded apparel and promotional products for events, gifts and teams, delivered together and on time.",
    points: [
      "Expert design guidance",
      "Competitive pricing",
      "Wide product selection",
      "A dedicated account manager",
    ],
    to: "/bulk-orders",
    action: "Learn more about bulk orders",
    from: "right",
  },
];

function ServiceCard({ service }: { service: Service }) {
  const card = useRef<HTMLElement>(null);
  const progress = useEntryProgress(card);
  const reducedMotion = usePrefersReducedMotion();
  const [shaking, setShaking] = useState(false);
  const shaken = useRef(false);

  useEffect(() => {
    if (progress === null || reducedMotion || !shouldShake(progress, shaken.current)) return;
    shaken.current = true;
    setShaking(true);
  }, [progress, reducedMotion]);

  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), SHAKE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  // Before measuring (and without JavaScript) the cards simply stand in place.
  const frame = slideInFrame(reducedMotion ? 1 : (progress ?? 1), service.from);
  return (
    <article
      ref={card}
      data-shaking={shaking ? "" : undefined}
      style={{ transform: `translateX(${frame.offsetPercent}%)`, opacity: frame.opacity }}
      className="will-change-transform"
    >
      <div
        className={cn(
          "flex h-full flex-col rounded-panel border border-line bg-white p-8 shadow-raised sm:p-10",
          shaking && "animate-shake",
        )}
      >
        <span className="inline-flex size-14 items-center justify-center rounded-card bg-brand-900 text-accent-300">
          <Icon name={service.icon} className="size-7" />
        </span>
        <h3 className="mt-6 text-2xl font-extrabold text-ink">{service.title}</h3>
        <p className="mt-3 leading-7 text-ink-muted">{service.summary}</p>
        <ul className="mt-6 flex-1 space-y-3">
          {service.points.map((point) => (
            <li key={point} className="flex gap-3 text-ink">
              <Icon name="check" className="mt-0.5 size-5 text-success-700" />
              {point}
            </li>
          ))}
        </ul>
        <ButtonLink to={service.to} size="lg" className="mt-8 self-start">
          {service.action}
        </ButtonLink>
      </div>
    </article>
  );
}

/**
 * Spec §2: 'How can we best serve you today?' Cards slide in from left and right and fade in with
 * scroll; at progress ≥ 0.95 each shakes once for 1.2 s.
 */
export function ServiceCards({ id }: { id: string }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="overflow-x-clip bg-surface py-16 sm:py-24"
    >
      <Container>
        <h2
          id={`${id}-heading`}
          className="text-center text-3xl font-extrabold tracking-tight text-ink sm:text-4xl"
        >
          How can we best serve you today?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-ink-muted">
          Whether your team needs merch all year or for one big day, there's a simple way to get it.
        </p>
        <div className="mt-12 grid gap-8 lg:grid-cols-2">
          {services.map((service) => (
            <ServiceCard key={service.title} service={service} />
          ))}
        </div>
      </Container>
    </section>
  );
}
