import { formatAddress, site } from "~/config/site";
import { Container } from "~/ui/Container";
import { CONTACT_SECTION_ID } from "~/features/shell/contact";

/** The section the navigation's Contact link scrolls to. */
export function ContactSection() {
  return (
    <section id={CONTACT_SECTION_ID} aria-labelledby="contact-heading" className="py-16">
      <Container>
        <h2 id="contact-heading" className="text-3xl font-bold text-ink">
          Let's talk merch
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-muted">
          Tell us what you have in mind. A real person on our team answers every call and email,
          usually within one business day.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          <li>
            <a
              className="block rounded-xl border border-line bg-white p-5 shadow-sm hover:shadow-md"
              href={`mailto:${site.email}`}
            >
              <span className="block font-semibold text-ink">Email Us</span>
              <span className="text-ink-muted">{site.email}</span>
            </a>
          </li>
          <li>
            <a
              className="block rounded-xl border border-line bg-white p-5 shadow-sm hover:shadow-md"
              href={site.phone.href}
            >
              <span className="block font-semibold text-ink">Call Us</span>
              <span className="text-ink-muted">{site.phone.display}</span>
            </a>
          </li>
          <li className="rounded-xl border border-line bg-white p-5 shadow-sm">
            <span className="block font-semibold text-ink">Visit Us</span>
            <address className="not-italic text-ink-muted">{formatAddress()}</address>
          </li>
        </ul>
      </Container>
    </section>
  );
}
