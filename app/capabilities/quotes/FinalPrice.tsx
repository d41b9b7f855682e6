import { Form, useActionData, useNavigation } from "react-router";
import type { SentPrice } from "./quote-page.server";

// The company's final price on the buyer's quote page, with Accept and Decline: an island of the
// route, so its code loads when it comes into view (the page's JavaScript budget, issue 13).

// Amounts and the day arrive formatted (`sent.shown`): the island imports nothing beyond React
// Router, so its load is one small file.

/** The company's final price, and the buyer's answer to it while it can be given. */
export function FinalPrice({
  sent,
  canAnswer,
  refusal,
  declineReason,
  token,
  maxReasonLength,
}: {
  sent: SentPrice;
  canAnswer: boolean;
  refusal: string | null;
  declineReason: string | null;
  token: string;
  /** MAX_REASON_LENGTH, passed in: importing it would add its module to this island's load. */
  maxReasonLength: number;
}) {
  const error = useActionData<{ error?: string }>()?.error ?? null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section
      aria-labelledby="final-heading"
      className="mt-8 rounded-card border border-line bg-white p-5 shadow-card"
    >
      <h2 id="final-heading" className="text-xl font-bold text-ink">
        Our final price
      </h2>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Final price by line</caption>
        <tbody>
          {sent.lines.map((line, i) => (
            <tr key={i} className="border-b border-line">
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                {line.label}
              </th>
              <td className="py-2 text-right whitespace-nowrap">{sent.shown.amounts[i]}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="pt-3 pr-4 text-left text-base font-bold">
              Total
            </th>
            <td className="pt-3 text-right text-base font-bold" data-testid="final-total">
              {sent.shown.total}
            </td>
          </tr>
          <tr>
            <th scope="row" className="pr-4 text-left font-normal">
              Deposit to confirm the order
            </th>
            <td className="text-right font-semibold" data-testid="deposit">
              {sent.shown.deposit}
            </td>
          </tr>
        </tbody>
      </table>
      {sent.buyerNote && (
        <p className="mt-4 whitespace-pre-line">
          <span className="font-semibold">A note from our team:</span> {sent.buyerNote}
        </p>
      )}
      <p className="mt-2 text-sm text-ink-muted">Valid until {sent.shown.validUntil}.</p>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {error}
        </p>
      )}
      {declineReason && <p className="mt-4">Your reason for declining: {declineReason}</p>}
      {refusal && !error && (
        <p role="status" className="mt-4 font-semibold text-ink">
          {refusal}
        </p>
      )}
      {canAnswer && (
        <div className="mt-6 flex flex-col gap-6">
          <Form method="post">
            <input type="hidden" name="t" value={token} />
            <button
              type="submit"
              name="intent"
              value="accept"
              disabled={busy}
              className="rounded-control bg-accent-700 px-5 py-3 font-semibold text-white hover:bg-accent-800 disabled:opacity-70"
            >
              Accept and pay the {sent.shown.deposit} deposit
            </button>
          </Form>
          <details>
            <summary className="cursor-pointer font-semibold text-brand-800">
              Decline this quote
            </summary>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="t" value={token} />
              <label htmlFor="decline-reason" className="font-semibold text-ink">
                Why are you declining? (required)
              </label>
              <textarea
                id="decline-reason"
                name="reason"
                required
                maxLength={maxReasonLength}
                rows={3}
                className="rounded-control border border-line p-2"
              />
              <button
                type="submit"
                name="intent"
                value="decline"
                disabled={busy}
                className="self-start rounded-control border border-line px-4 py-2 font-semibold text-ink hover:bg-surface"
              >
                Decline quote
              </button>
            </Form>
          </details>
        </div>
      )}
    </section>
  );
}
