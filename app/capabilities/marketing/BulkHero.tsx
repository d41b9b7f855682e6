import { buttonClasses } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { HeroVideo } from "./HeroVideo";

/** Spec §2: the bulk-orders video hero (the same muted loop as the home page, shorter band). */
export function BulkHero() {
  return (
    <section
      aria-labelledby="bulk-heading"
      className="relative isolate overflow-hidden bg-brand-950 text-white [--focus-ring:var(--color-accent-300)]"
    >
      <HeroVideo className="motion-reduce:hidden" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-brand-950/60" />
      <Container className="py-24 sm:py-32">
        <div className="max-w-3xl">
          <p className="mb-4 text-sm font-semibold tracking-wider text-accent-300 uppercase">
            Bulk orders
          </p>
          <h1 id="bulk-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Custom Bulk Orders
          </h1>
          <p className="mt-5 text-lg leading-8 text-brand-100 sm:text-xl">
            Branded apparel and promotional products for events, gifts and teams, with expert design
            guidance, competitive pricing, a wide product selection and a dedicated account manager.
          </p>
          <a href="#paths" className={buttonClasses({ size: "lg", className: "mt-8" })}>
            Choose your path
          </a>
        </div>
      </Container>
    </section>
  );
}
