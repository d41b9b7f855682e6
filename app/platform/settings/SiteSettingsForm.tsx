import { useFetcher } from "react-router";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Field, Input, Label } from "~/platform/ui/Field";
import { Switch } from "~/platform/ui/Switch";
import type { SiteSettings } from "./settings";

type TextField = Exclude<keyof SiteSettings, "chatAssistantEnabled">;

/** The form's sections; every text field of SiteSettings appears exactly once. */
const SECTIONS: Array<{
  title: string;
  fields: Array<{ name: TextField; label: string; type?: string; required?: boolean }>;
}> = [
  {
    title: "Company",
    fields: [
      { name: "street", label: "Street address", required: true },
      { name: "city", label: "City", required: true },
      { name: "region", label: "State", required: true },
      { name: "postalCode", label: "ZIP code", required: true },
      { name: "country", label: "Country (two letters)" },
      { name: "phone", label: "Phone number", type: "tel", required: true },
      { name: "email", label: "Email", type: "email", required: true },
    ],
  },
  {
    title: "Social links",
    fields: [
      { name: "facebookUrl", label: "Facebook link", type: "url" },
      { name: "instagramUrl", label: "Instagram link", type: "url" },
      { name: "linkedinUrl", label: "LinkedIn link", type: "url" },
    ],
  },
  {
    title: "External links",
    fields: [
      { name: "shopUrl", label: "Shop link", type: "url", required: true },
      { name: "promoProductsUrl", label: "Promo products site link", type: "url", required: true },
      { name: "bookingUrl", label: "Booking link", type: "url", required: true },
      { name: "quoteRequestUrl", label: "Quote request link", type: "url", required: true },
      { name: "intakeFormUrl", label: "Intake form link", type: "url", required: true },
      { name: "reviewsUrl", label: "Reviews page link", type: "url", required: true },
    ],
  },
  {
    title: "Chat assistant",
    fields: [{ name: "knowledgeBaseWebsiteUrl", label: "Knowledge base website", type: "url" }],
  },
];

/**
 * All site settings in one form. `noValidate`: the server's per-field messages are the ones
 * people see. The fetcher keeps what was typed when a field is refused.
 */
export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const fetcher = useFetcher<FormResult>({ key: "site-settings" });
  useResultToast(fetcher.data);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" noValidate className="space-y-8">
      <input type="hidden" name="intent" value="save" />
      {SECTIONS.map((section) => (
        <fieldset
          key={section.title}
          className="rounded-card border border-line bg-white p-6 shadow-card"
        >
          <legend className="px-1 text-lg font-bold text-ink">{section.title}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) => (
              <Field
                key={field.name}
                label={field.label}
                required={field.required}
                error={errors?.[field.name]}
              >
                {(control) => (
                  <Input
                    {...control}
                    name={field.name}
                    type={field.type ?? "text"}
                    defaultValue={settings[field.name] ?? ""}
                  />
                )}
              </Field>
            ))}
          </div>
          {section.title === "Chat assistant" && (
            <div className="mt-4 flex items-center gap-3">
              <Switch
                id="chat-assistant-enabled"
                name="chatAssistantEnabled"
                defaultChecked={settings.chatAssistantEnabled}
              />
              <Label htmlFor="chat-assistant-enabled">Chat assistant on the public site</Label>
            </div>
          )}
        </fieldset>
      ))}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
