import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { Container } from "~/platform/ui/Container";
import { SiteLogo } from "./SiteHeader";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";
import { formatSettingsAddress } from "~/platform/settings/settings";

const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

const linkClasses =
  "rounded-sm text-brand-200 transition-colors hover:text-white hover:underline underline-offset-4";

const socialIcons: Record<string, ReactNode> = {
  Facebook: <path d="M14 8h3V4h-3a5 5 0 0 0-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9a1 1 0 0 1 1-1Z" />,
  Instagram: (
    <>
      <rect
        x="3"
        y="3"
        width="18"
        height="18"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.25" />
    </>
  ),
  LinkedIn: (
    <>
      <rect x="3" y="9" width="4" height="12" />
      <circle cx="5" cy="5" r="2" />
      <path d="M10 9h3.8v1.7c.6-1 1.9-2 3.9-2 3.3 0 4.3 2.1 4.3 5.2V21h-4v-6.3c0-1.5-.3-2.7-1.9-2.7s-2.1 1.2-2.1 2.7V21h-4Z" />
    </>
  ),
};

function FooterSection({
  heading,
  className,
  children,
}: {
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wider text-white uppercase">
        {heading}
      </h2>
      <div className="mt-4 text-[0.9375rem]">{children}</div>
    </section>
  );
}

export function SiteFooter() {
  const settings = useSiteSettings();
  return (
    <footer className="bg-brand-950 text-brand-200 [--focus-ring:var(--color-accent-400)]">
      <Container className="grid gap-12 py-14 sm:grid-cols-2 md:py-20 lg:grid-cols-12">
        <div className="sm:col-span-2 lg:col-span-5">
          <SiteLogo tone="dark" />
          <p className="mt-5 text-base font-medium text-white">{site.tagline}.</p>
          <p className="mt-2 max-w-sm leading-relaxed">
            Company webstores and custom bulk orders for teams of every size, printed and
            embroidered in-house near Cincinnati, Ohio.
          </p>
          <ul aria-label="Social media" className="mt-6 flex gap-3">
            {settings.social.map((social) => (
              <li key={social.url}>
                <a
                  href={social.url}
                  {...newTab}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-700"
                >
                  <span className="sr-only">{social.label}</span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="currentColor"
                  >
                    {socialIcons[social.label]}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterSection heading="Explore" className="lg:col-span-3">
          <ul className="space-y-3">
            <li>
              <Link to="/webstores" className={linkClasses}>
                Company Webstores
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={linkClasses}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/bulk-orders" className={linkClasses}>
                Bulk Orders
              </Link>
            </li>
            <li>
              <Link to="/about" className={linkClasses}>
                About
              </Link>
            </li>
            <li>
              <a href={site.blogUrl} {...newTab} className={linkClasses}>
                Blog
              </a>
            </li>
          </ul>
        </FooterSection>

        <FooterSection heading="Contact" className="lg:col-span-4">
          <address className="space-y-3 not-italic">
            <p className="whitespace-pre-line">{formatSettingsAddress(settings, "\n")}</p>
            <p>
              <a href={site.directionsUrl} {...newTab} className={linkClasses}>
                Get directions
              </a>
            </p>
            <p>
              <a href={settings.phoneHref} className={linkClasses}>
                {settings.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${settings.email}`} className={`${linkClasses} break-all`}>
                {settings.email}
              </a>
            </p>
          </address>
        </FooterSection>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            &copy; <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.name}. All
            rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link to="/privacy-policy" className={linkClasses}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms-of-service" className={linkClasses}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to="/admin/auth" className={linkClasses}>
                  Admin Access
                </Link>
              </li>
            </ul>
          </nav>
        </Container>
      </div>
    </footer>
  );
}
