import { site } from "~/platform/config/site";
import { Section } from "~/platform/ui/Section";
import { Icon, IconTile } from "./icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";
import { formatSettingsAddress } from "~/platform/settings/settings";

/** Spec §2 and §9: 'We Print & Embroider In-House', with a 400 px map labelled 'Headquarters'. */
export function InHouseSection() {
  const settings = useSiteSettings();
  return (
    <Section
      id="in-house"
      eyebrow={`${site.address.city}, Ohio`}
      title="We Print & Embroider In-House"
      lead="Every order is decorated in our own shop near Cincinnati, so we control the quality and the schedule from blank garment to delivery."
      align="start"
    >
      <div className="grid items-start gap-10 lg:grid-cols-2">
        <div className="space-y-6">
          <div className="flex gap-4">
            <IconTile name="shield" />
            <div>
              <h3 className="text-lg font-bold text-ink">Quality Control</h3>
              <p className="text-ink-muted">Every item is inspected before shipping</p>
            </div>
          </div>
          <div className="flex gap-4">
            <IconTile name="shirt" />
            <div>
              <h3 className="text-lg font-bold text-ink">Expert Craftsmanship</h3>
              <p className="text-ink-muted">Years of printing & embroidery experience</p>
            </div>
          </div>
          <div className="rounded-card border border-line bg-surface p-6">
            <a
              href={site.directionsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-start gap-3 rounded-sm font-semibold text-ink underline-offset-4 hover:underline"
            >
              <Icon name="pin" className="mt-0.5 size-5 text-accent-700" />
              <span>
                {formatSettingsAddress(settings)}
                <span className="block text-sm font-normal text-ink-muted">Get directions</span>
              </span>
            </a>
            <a
              href={settings.phoneHref}
              className="mt-4 flex items-center gap-3 rounded-sm font-semibold text-ink underline-offset-4 hover:underline"
            >
              <Icon name="phone" className="size-5 text-accent-700" />
              {settings.phone}
            </a>
          </div>
        </div>
        <iframe
          title="Headquarters"
          src={site.mapEmbedUrl}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="h-[400px] w-full rounded-card border border-line bg-surface"
        />
      </div>
    </Section>
  );
}
