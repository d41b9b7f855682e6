import { site } from "~/platform/config/site";
import { buttonClasses } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { HeroVideo } from "./HeroVideo";

/** Spec §2: a full-height hero over the looping background video. */
export function HomeHero({ nextSectionId }: { nextSectionId: string }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-[calc(100svh-var(--spacing-header))] items-center overflow-hidden bg-brand-950 text-white [--focus-ring:var(--color-accent-300)]"
    >
      <HeroVideo />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-b from-brand-950/70 via-brand-950/50 to-brand-950/80"
      />
      <Container className="py-24 text-center">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">
          {site.name}
        </p>
        <h1
          id="hero-heading"
          className="mt-5 text-5xl font-extrabold tracking-tight text-balance sm:text-6xl lg:text-display"
        >
          We Simplify Merch
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-brand-100 sm:text-xl">
          {site.tagline}. Company webstores with no minimums and custom bulk orders, printed and
          embroidered in our own shop near Cincinnati.
        </p>
        <a href={`#${nextSectionId}`} className={buttonClasses({ size: "lg", className: "mt-10" })}>
          <span className="hidden md:inline">See what {site.name} can do for you</span>
          <span className="md:hidden">Get Started</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M10 3a.75.75 0 0 1 .75.75v10.64l3.72-3.72a.75.75 0 1 1 1.06 1.06l-5 5a.75.75 0 0 1-1.06 0l-5-5a.75.75 0 1 1 1.06-1.06l3.72 3.72V3.75A.75.75 0 0 1 10 3Z" />
          </svg>
        </a>
      </Container>
    </section>
  );
}
