import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { LegalDocument } from "~/capabilities/marketing/LegalDocument";
import { CONTACT_HREF, useGoToContact } from "~/platform/shell/contact";
import { ButtonLink } from "~/platform/ui/Button";
import type { Route } from "./+types/signco-transition";

export default function SignCoTransitionPage(_props: Route.ComponentProps) {
  const goToContact = useGoToContact();
  return (
    <LegalDocument
      eyebrow="News"
      title="SignCo Is Now Merch Simplified"
      lead="Same people, same in-house production, a sharper focus on the merchandise our customers love."
    >
      <p>
        For years, SignCo customers have come to us for signs, banners and vehicle graphics, and
        more and more of them for branded apparel and promotional products. Merchandise has grown
        into the heart of what we do, so we have given it a name of its own:{" "}
        <strong>{site.name}</strong>.
      </p>

      <h2>What's changing</h2>
      <ul>
        <li>
          Our name and our website. SignCo's merchandise business now lives at {site.name}, with
          company webstores and custom bulk orders front and center.
        </li>
        <li>
          A sharper focus. We are putting our time and equipment into printing, embroidery and
          webstores, the work our customers ask us for most.
        </li>
        <li>
          New ways to order: branded <Link to="/webstores">company webstores</Link> with no
          minimums, on-demand production and post-pay gift codes.
        </li>
      </ul>

      <h2>What's not changing</h2>
      <ul>
        <li>The family that runs the business and the team you already know.</li>
        <li>
          Our shop in {site.address.city}, Ohio, where every order is still printed, embroidered and
          inspected in-house.
        </li>
        <li>
          Your order history, artwork and pricing. Open orders continue exactly as quoted, and
          invoices from SignCo remain payable as issued.
        </li>
        <li>
          Our phone number: <a href={site.phone.href}>{site.phone.display}</a>.
        </li>
      </ul>

      <h2>Questions you may have</h2>
      <h3>Do I need to do anything?</h3>
      <p>
        No. Please update our contact email to <a href={`mailto:${site.email}`}>{site.email}</a>;
        messages sent to old SignCo addresses will keep reaching us for the foreseeable future.
      </p>
      <h3>Do you still make signs?</h3>
      <p>
        Our focus is now branded merchandise. If you need signage, call us and we will gladly point
        you to a trusted local partner.
      </p>
      <h3>Will my bulk order or reorder look the same?</h3>
      <p>
        Yes. We keep your artwork, thread colors and garment choices on file, so a reorder matches
        what you received before.
      </p>

      <p className="mt-10">
        Thank you for the years of trust. We're excited to simplify your merch.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/">Explore {site.name}</ButtonLink>
        <ButtonLink to={CONTACT_HREF} onClick={goToContact} variant="secondary">
          Contact us
        </ButtonLink>
      </div>
    </LegalDocument>
  );
}
