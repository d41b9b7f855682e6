import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { LegalDocument } from "~/capabilities/marketing/LegalDocument";
import type { Route } from "./+types/terms-of-service";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";
import { formatSettingsAddress } from "~/platform/settings/settings";

export default function TermsOfServicePage(_props: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms of Service"
      lead="The terms that apply to our webstores, bulk orders and this website."
      updated="2026-11-01"
    >
      <p>
        These terms are an agreement between you (or the organization you represent) and {site.name}
        , {formatSettingsAddress(settings)}. By using this website, subscribing to a webstore plan
        or placing a bulk order, you agree to them. If you are accepting for an organization, you
        confirm you are authorized to do so.
      </p>

      <h2>1. Our services</h2>
      <p>
        We offer <strong>company webstores</strong> on subscription plans (Core, Pro and Elite) and{" "}
        <strong>custom bulk orders</strong> of branded apparel and promotional products. Plan
        features are described on our <Link to="/pricing">pricing page</Link>; bulk orders are
        described in the quote you approve.
      </p>

      <h2>2. Webstore subscriptions</h2>
      <ul>
        <li>
          Plans are billed monthly or annually in US dollars, plus a one-time setup fee per plan, as
          shown at checkout.
        </li>
        <li>
          Plans renew automatically at the end of each term at the then-current price. You may
          cancel at any time; cancellation takes effect at the end of the current term and
          already-paid fees are not refunded, except under our guarantee below.
        </li>
        <li>
          Items ordered through a webstore are produced on demand and usually ship within 5-8
          business days of the order.
        </li>
        <li>
          Post-pay gift codes are billed to your organization for the value actually redeemed, on
          the schedule agreed when the codes are issued.
        </li>
      </ul>

      <h2>3. Our setup-fee guarantee</h2>
      <p>
        If your webstore has not delivered value for your organization within 6 months of launch,
        tell us in writing before the end of that sixth month and we will refund 100% of the setup
        costs you paid for it. Subscription fees and merchandise are not part of this refund.
      </p>

      <h2>4. Bulk orders</h2>
      <ul>
        <li>
          A bulk order begins when you approve a written quote and artwork proof. Quotes are valid
          for 30 days.
        </li>
        <li>
          Please check proofs carefully: spelling, colors, sizes and placement you approve are what
          we produce.
        </li>
        <li>
          Delivery dates in a quote depend on timely approval and payment and on blank-garment
          availability from our suppliers; we will tell you right away if a date is at risk.
        </li>
        <li>
          Industry-standard tolerances apply: thread and ink colors may vary slightly from screen
          colors, and quantities may vary by up to 3% on large runs.
        </li>
      </ul>

      <h2>5. Your artwork and trademarks</h2>
      <p>
        You keep all rights in the logos and artwork you send us. You confirm you have the right to
        use them on merchandise and you grant us a limited license to reproduce them for your orders
        and, unless you tell us otherwise, to show finished products in our portfolio. We may
        decline any design we believe infringes someone else's rights or is unlawful.
      </p>

      <h2>6. Defects and returns</h2>
      <p>
        Every item is inspected before it ships. If an item arrives misprinted, damaged or different
        from the approved proof, tell us within 14 days of delivery with a photo and we will reprint
        it or refund it. Because items are personalized, we cannot accept returns of correctly made
        items, including for size exchanges, unless your webstore plan says otherwise.
      </p>

      <h2>7. Payment</h2>
      <p>
        Card payments are processed by our payment provider; we never see or store your full card
        number. Invoices for bulk orders and gift-code usage are due within 30 days unless the quote
        says otherwise.
      </p>

      <h2>8. Use of this website</h2>
      <p>
        Please don't misuse the site: no attempts to break its security, overload it, send spam
        through its forms, or copy its content for commercial use without permission.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>
        To the extent the law allows, our total liability for any claim relating to an order or a
        subscription is limited to the amount you paid for that order or for the subscription in the
        12 months before the claim, and we are not liable for indirect or consequential losses such
        as lost profits or missed events.
      </p>

      <h2>10. Changes and governing law</h2>
      <p>
        We may update these terms; the date at the top shows the latest version, and changes apply
        to orders and renewals after that date. These terms are governed by the laws of the State of
        Ohio, and disputes will be resolved in the courts of Hamilton County, Ohio.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? Email <a href={`mailto:${settings.email}`}>{settings.email}</a>{" "}
        or call <a href={settings.phoneHref}>{settings.phone}</a>. See also our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </LegalDocument>
  );
}
