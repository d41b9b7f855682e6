import type { ReactNode } from "react";
import { ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { CONTACT_HREF, useGoToContact } from "~/platform/shell/contact";
import { Icon } from "./icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

export function WebstoreHero({ pricing }: { pricing: ReactNode }) {
  const settings = useSiteSettings();
  const goToContact = useGoToContact();
  return (
    <section
      aria-labelledby="webstores-heading"
      className="relative isolate overflow-hidden border-b border-line bg-linear-to-b from-brand-50 to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 right-[-10%] -z-10 size-[36rem] rounded-full bg-accent-200/40 blur-3xl"
      />
      <Container className="grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="mb-4 text-sm font-semibold tracking-wider text-accent-700 uppercase">
            Webstores
          </p>
          <h1
            id="webstores-heading"
            className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl"
          >
            Company Webstores
          </h1>
          <p className="mt-5 text-lg leading-8 text-pretty text-ink-muted sm:text-xl">
            A branded online store for your employees, clients or community, built in under 2 weeks,
            with on-demand production and no inventory to manage.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <ButtonLink to="/pricing" size="lg">
              Sign Up Now
            </ButtonLink>
            <ButtonLink href={settings.bookingUrl} variant="secondary" size="lg">
              <Icon name="calendar" className="size-5" />
              Book a Demo
            </ButtonLink>
            <ButtonLink to={CONTACT_HREF} onClick={goToContact} variant="ghost" size="lg">
              <Icon name="chat" className="size-5" />
              Chat with Us
            </ButtonLink>
          </div>
          <div className="mt-6">{pricing}</div>
        </div>
        <ul className="grid grid-cols-2 gap-4">
          {[
            ["5-8 days", "turnaround on every order"],
            ["0", "minimums or inventory"],
            ["< 2 weeks", "to build your store"],
            ["$180", "per year to start"],
          ].map(([figure, label]) => (
            <li key={label} className="rounded-card border border-line bg-white p-5 shadow-card">
              <p className="text-3xl font-extrabold text-ink">{figure}</p>
              <p className="mt-1 text-sm text-ink-muted">{label}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

/** The trusted-by strip: the organizations whose stores appear below. */
export function TrustedByStrip({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <section aria-labelledby="trusted-by-heading" className="border-y border-line bg-white py-10">
      <Container>
        <h2
          id="trusted-by-heading"
          className="text-center text-sm font-semibold tracking-wider text-ink-muted uppercase"
        >
          Trusted by teams at
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {names.map((name) => (
            <li key={name} className="text-lg font-bold tracking-tight text-brand-800">
              {name}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
