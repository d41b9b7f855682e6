import { type FormEvent, useEffect, useRef } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Alert, Field, Input, Textarea } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import {
  CONTACT_ACTION,
  CONTACT_LIMITS,
  type ContactAnswer,
  contactAnswer,
  type ContactField,
  ENHANCED_FIELD,
  HONEYPOT_FIELD,
  contactMessagesText,
  missingFields,
  parseContactOutcome,
} from "./contact";

/**
 * The contact form. With JavaScript it submits in the background and answers with a toast;
 * without, the browser posts it and comes back to this page with `?contact=<outcome>`.
 */
export function ContactForm() {
  const fetcher = useFetcher<ContactAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // The no-JavaScript answer; a newer answer from this page replaces it.
  const returned = fetcher.data ? null : parseContactOutcome(searchParams.get("contact"));
  const missing = new Set<ContactField>(missingFields(result));

  useEffect(() => {
    if (!result) return;
    if (result.toast) toast(result.toast);
    if (result.ok) formRef.current?.reset();
  }, [result]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!navigator.onLine) return toast(contactAnswer({ outcome: "failed" }).toast!);
    const formData = new FormData(event.currentTarget);
    formData.set(ENHANCED_FIELD, "1");
    void fetcher.submit(formData, { method: "post", action: CONTACT_ACTION });
  }

  const query = new URLSearchParams(search);
  query.delete("contact");
  const returnTo = pathname + (query.size ? `?${query}` : "");

  return (
    <form
      ref={formRef}
      method="post"
      action={CONTACT_ACTION}
      onSubmit={submit}
      // With or without JavaScript the server's 'Missing Information' is the message people see.
      noValidate
      aria-label="Contact form"
      className="relative space-y-5"
    >
      {returned && (
        <Alert
          tone={contactMessagesText[returned].tone}
          title={contactMessagesText[returned].title}
        >
          {contactMessagesText[returned].description}
        </Alert>
      )}
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={missing.has("name") || undefined}
              name="name"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              disabled={sending}
            />
          )}
        </Field>
        <Field label="Email" required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={missing.has("email") || undefined}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              disabled={sending}
            />
          )}
        </Field>
      </div>
      <Field label="Phone (optional)">
        {(control) => (
          <Input
            {...control}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={CONTACT_LIMITS.phone}
            disabled={sending}
          />
        )}
      </Field>
      <Field label="Message" required>
        {(control) => (
          <Textarea
            {...control}
            aria-invalid={missing.has("message") || undefined}
            name="message"
            rows={5}
            maxLength={CONTACT_LIMITS.message}
            placeholder="Tell us about your team, your logo and what you would like to order."
            disabled={sending}
          />
        )}
      </Field>
      {/* Only bots see and fill this; people and screen readers never reach it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label>
          Company website
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
