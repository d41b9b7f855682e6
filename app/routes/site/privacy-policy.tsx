import { site } from "~/platform/config/site";
import { LegalDocument } from "~/capabilities/marketing/LegalDocument";
import type { Route } from "./+types/privacy-policy";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";
import { formatSettingsAddress } from "~/platform/settings/settings";

export default function PrivacyPolicyPage(_props: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy Policy"
      lead={`How ${site.name} collects, uses and protects the information you share with us.`}
      updated="2026-11-01"
    >
      <p>
        {site.name} ("we", "us") makes branded merchandise for businesses and organizations: company
        webstores and custom bulk orders, printed and embroidered in our shop in {site.address.city}
        , Ohio. This policy explains what personal information we collect through this website and
        our services, why we collect it, and the choices you have. We keep it short because we
        collect only what we need to do the work.
      </p>

      <h2>Information we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>
          <strong>Contact and quote requests:</strong> your name, email address, phone number
          (optional) and the message you send through our contact form, by email or by phone.
        </li>
        <li>
          <strong>Plan purchases:</strong> the email address you enter at checkout, the plan and
          billing interval you choose and any coupon code. Card details are entered on our payment
          provider's page and never reach our servers.
        </li>
        <li>
          <strong>Orders and webstores:</strong> artwork and logos you send us, shipping names and
          addresses, sizes and product choices needed to make and deliver your order.
        </li>
      </ul>
      <h3>Information collected automatically</h3>
      <p>
        Our servers record basic request information (IP address, browser type, pages requested and
        time) to keep the site secure, prevent abuse such as spam submissions, and diagnose errors.
        We do not use advertising trackers or sell data to advertisers.
      </p>

      <h2>How we use information</h2>
      <ul>
        <li>To answer your questions, prepare quotes and provide the services you ask for.</li>
        <li>To produce, ship and support your orders and your webstore.</li>
        <li>To process payments and send receipts and order confirmations.</li>
        <li>To protect our site and customers from fraud, spam and abuse.</li>
        <li>To meet legal, tax and accounting obligations.</li>
      </ul>
      <p>
        We send marketing emails only to people who have asked to hear from us, and every such email
        has a way to unsubscribe.
      </p>

      <h2>How we share information</h2>
      <p>We share personal information only with:</p>
      <ul>
        <li>
          <strong>Service providers</strong> who help us run the business, such as our payment
          processor, email delivery, hosting and shipping carriers, under agreements that limit
          their use of the data to the service they provide.
        </li>
        <li>
          <strong>Your organization</strong>, when you order through a company webstore it runs (for
          example, which gift codes were redeemed).
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires it or to protect the rights and safety
          of our customers and staff.
        </li>
      </ul>
      <p>We do not sell or rent personal information.</p>

      <h2>How long we keep it</h2>
      <p>
        We keep contact messages and quote requests for as long as needed to follow up and for up to
        three years afterwards, order and payment records for as long as tax law requires (generally
        seven years), and server logs for no more than 90 days.
      </p>

      <h2>Security</h2>
      <p>
        Our site is served over encrypted connections, access to customer data is limited to the
        staff who need it, and admin accounts are protected by strong passwords and rate limits. No
        system is perfectly secure; if we ever learn of a breach affecting your information, we will
        tell you promptly.
      </p>

      <h2>Your choices and rights</h2>
      <p>
        You may ask us to show you, correct or delete the personal information we hold about you, or
        to stop contacting you. Depending on where you live you may have further rights under local
        law. Email us at <a href={`mailto:${settings.email}`}>{settings.email}</a> and we will
        respond within 30 days.
      </p>

      <h2>Children</h2>
      <p>
        Our services are meant for businesses and organizations. We do not knowingly collect
        personal information from children under 13.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        When we change this policy we will update the date at the top of this page, and for
        significant changes we will tell active customers by email.
      </p>

      <h2>Contact us</h2>
      <p>
        {site.name}, {formatSettingsAddress(settings)}. Email{" "}
        <a href={`mailto:${settings.email}`}>{settings.email}</a> or call{" "}
        <a href={settings.phoneHref}>{settings.phone}</a>.
      </p>
    </LegalDocument>
  );
}
