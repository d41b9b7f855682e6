import { data, redirect } from "react-router";
import { ENHANCED_FIELD, contactAnswer, returnLocation } from "~/capabilities/contact/contact";
import { parseContactForm, submitContactMessage } from "~/capabilities/contact/contact.server";
import { readForm, refusalAnswer } from "~/platform/forms/read.server";
import { CONTACT_HREF, CONTACT_SECTION_ID } from "~/platform/shell/contact";
import type { Route } from "./+types/contact";

const statusOf = {
  sent: 200,
  missing: 400,
  "invalid-email": 400,
  "too-long": 400,
  "rate-limited": 429,
  failed: 503,
} as const;

/** The contact form of every page posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form is answered like an empty one; a control character in a field is
  // refused in that field's words (issue 22, fix 5), before anything is stored.
  const { fields, refused } = await readForm(request, { refused: "return", unreadable: "empty" });
  if (refused) return refusalAnswer(refused);
  const form = parseContactForm(fields);
  const result = await submitContactMessage(context, form);
  // Without JavaScript the browser posted the form itself: send it back to its page.
  if (fields[ENHANCED_FIELD] !== "1") {
    // The outcome travels in the address; the limit's wait is not worth a header on a redirect.
    return redirect(returnLocation(form.returnTo, result.outcome, CONTACT_SECTION_ID), 303);
  }
  return data(contactAnswer(result), {
    status: statusOf[result.outcome],
    headers: result.retryAfterSeconds
      ? { "Retry-After": String(result.retryAfterSeconds) }
      : undefined,
  });
}

/** Nothing to show at this address; someone who opens it is taken to the contact section. */
export function loader(_args: Route.LoaderArgs) {
  return redirect(CONTACT_HREF);
}
