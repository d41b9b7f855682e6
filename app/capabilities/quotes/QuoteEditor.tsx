import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { FormResult } from "~/platform/forms/result";
import { formatCalendarDate, formatDate, formatDateTime } from "~/platform/lib/dates";
import { centsToDecimal, formatUsd } from "~/platform/lib/money";
import { Button } from "~/platform/ui/Button";
import { Alert, Field, Input, Textarea } from "~/platform/ui/Field";
import {
  MAX_BUYER_NOTE_LENGTH,
  MAX_EXTRA_LINES,
  MAX_VALID_DAYS,
  addDays,
  depositOf,
  parseDollars,
} from "./final-price";
import type { QuoteEditorData } from "./quote-admin.server";
import { QuoteStatusBadge } from "./QuoteAdminTable";
import { artworkDownloadPath, formatArtworkSize } from "./artwork";
import { LOCATION_LABELS } from "./matrix";

type Extra = { key: number; label: string; amount: string };

const card = "rounded-card border border-line bg-white p-5 shadow-card";

/** The admin's quote screen: the request, the website's price, and the company's final price. */
export function QuoteEditor({ quote }: { quote: QuoteEditorData }) {
  const fetcher = useFetcher<FormResult>({ key: `quote-${quote.id}` });
  useResultToast(fetcher.data);
  const errors = (fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors) || {};
  const busy = fetcher.state !== "idle";
  const [amounts, setAmounts] = useState(() =>
    quote.lines.map((l) => centsToDecimal(l.amountCents)),
  );
  const [extras, setExtras] = useState<Extra[]>(() => {
    const saved = quote.extras.map((e, i) => ({
      key: i,
      label: e.label,
      amount: centsToDecimal(e.amountCents),
    }));
    return saved.length ? saved : [{ key: 0, label: "", amount: "" }];
  });
  const [percent, setPercent] = useState(String(quote.depositPercent));

  const cents = [
    ...amounts.map((a) => parseDollars(a)),
    ...extras
      .filter((e) => e.label.trim() || e.amount.trim())
      .map((e) => parseDollars(e.amount, { negative: true })),
  ];
  const total = cents.every((c) => c !== null)
    ? cents.reduce<number>((sum, c) => sum + c!, 0)
    : null;
  const pct = /^\d{1,3}$/.test(percent) ? Number(percent) : NaN;
  const deposit = total !== null && pct >= 1 && pct <= 100 ? depositOf(total, pct) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/quotes" className="text-sm font-medium text-brand-800 underline">
          Back to quotes
        </Link>
        <QuoteStatusBadge status={quote.status} />
        {quote.sentAt && (
          <span className="text-sm text-ink-muted">Sent {formatDateTime(quote.sentAt)}</span>
        )}
      </div>

      {quote.status === "declined" && quote.declineReason && (
        <Alert tone="info" title="The buyer declined this quote">
          Their reason: {quote.declineReason}
        </Alert>
      )}
      {quote.order && (
        <Alert tone="success" title="Paid: this quote is an order">
          Deposit received {formatDateTime(quote.order.createdAt)}.{" "}
          <Link to={`/admin/orders?type=bulk&q=${quote.label}`} className="underline">
            See it in Orders
          </Link>
          .
        </Alert>
      )}

      <section aria-labelledby="requester-heading" className={card}>
        <h2 id="requester-heading" className="text-lg font-bold text-ink">
          Request
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-muted">From</dt>
          <dd>
            {quote.name} &lt;{quote.email}&gt;
            {quote.company && `, ${quote.company}`}
            {quote.phone && `, ${quote.phone}`}
          </dd>
          <dt className="text-ink-muted">Requested</dt>
          <dd>{formatDateTime(quote.createdAt)}</dd>
          <dt className="text-ink-muted">In-hands date</dt>
          <dd>{quote.inHandsDate ? formatCalendarDate(quote.inHandsDate) : "Not given"}</dd>
          {quote.notes && (
            <>
              <dt className="text-ink-muted">Buyer's notes</dt>
              <dd className="whitespace-pre-line">{quote.notes}</dd>
            </>
          )}
          <dt className="text-ink-muted">Buyer's page</dt>
          <dd className="break-all">
            <a href={quote.link} className="text-brand-800 underline">
              {quote.link}
            </a>
          </dd>
          <dt className="text-ink-muted">Website price</dt>
          <dd>
            {formatUsd(quote.price.totalCents, { cents: true })} for {quote.price.quantity} pieces
            (garments {formatUsd(quote.price.garmentCents, { cents: true })}, larger sizes{" "}
            {formatUsd(quote.price.upchargeCents, { cents: true })}, decoration{" "}
            {formatUsd(quote.price.decorationCents, { cents: true })}, set-up{" "}
            {formatUsd(quote.price.setupCents, { cents: true })})
          </dd>
        </dl>
      </section>

      <fetcher.Form method="post" noValidate className="space-y-6">
        {!quote.editable && (
          <Alert tone="info">
            The buyer has accepted this quote, so its price can no longer change.
          </Alert>
        )}
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <fieldset className={card} disabled={!quote.editable}>
          <legend className="px-1 text-lg font-bold text-ink">Final price</legend>
          <p className="text-sm text-ink-muted">
            Each line starts at the website's price; change any of them, and add lines such as a
            rush fee or a discount (a negative amount).
          </p>
          <ol className="mt-4 space-y-4">
            {quote.lines.map((line, i) => (
              <li key={i} className="grid gap-2 sm:grid-cols-[1fr_12rem] sm:items-start">
                <div className="text-sm">
                  <span className="font-semibold">Line {i + 1}:</span> {line.summary}
                  <p className="text-ink-muted">
                    Website price {formatUsd(line.computedCents, { cents: true })}
                  </p>
                  <LineArtwork files={line.artwork} line={i + 1} />
                </div>
                <Field label={`Line ${i + 1} price ($)`} error={errors[`line.${i}`]} required>
                  {(control) => (
                    <Input
                      {...control}
                      name={`line.${i}`}
                      inputMode="decimal"
                      value={amounts[i]}
                      onChange={(e) => {
                        const next = [...amounts];
                        next[i] = e.target.value;
                        setAmounts(next);
                      }}
                    />
                  )}
                </Field>
              </li>
            ))}
          </ol>

          <h3 className="mt-6 font-semibold text-ink">Added lines</h3>
          <ul className="mt-2 space-y-3">
            {extras.map((extra, n) => (
              <li key={extra.key} className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
                <Field label={`Added line ${n + 1}`} error={errors[`extra.${n}.label`]}>
                  {(control) => (
                    <Input
                      {...control}
                      name={`extra.${n}.label`}
                      placeholder="Rush fee"
                      value={extra.label}
                      onChange={(e) =>
                        setExtras(
                          extras.map((x) =>
                            x.key === extra.key ? { ...x, label: e.target.value } : x,
                          ),
                        )
                      }
                    />
                  )}
                </Field>
                <Field label={`Added line ${n + 1} amount ($)`} error={errors[`extra.${n}.amount`]}>
                  {(control) => (
                    <Input
                      {...control}
                      name={`extra.${n}.amount`}
                      inputMode="decimal"
                      placeholder="75.00"
                      value={extra.amount}
                      onChange={(e) =>
                        setExtras(
                          extras.map((x) =>
                            x.key === extra.key ? { ...x, amount: e.target.value } : x,
                          ),
                        )
                      }
                    />
                  )}
                </Field>
                <Button
                  variant="secondary"
                  onClick={() => setExtras(extras.filter((x) => x.key !== extra.key))}
                  aria-label={`Remove added line ${n + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {extras.length < MAX_EXTRA_LINES && (
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() =>
                setExtras([
                  ...extras,
                  { key: Math.max(-1, ...extras.map((x) => x.key)) + 1, label: "", amount: "" },
                ])
              }
            >
              Add a line
            </Button>
          )}

          <div className="mt-6 grid gap-4 sm:grid-cols-3">
            <Field
              label="Deposit (% of total)"
              error={errors.depositPercent}
              hint={
                deposit !== null
                  ? `${formatUsd(deposit, { cents: true })} to pay on acceptance`
                  : undefined
              }
              required
            >
              {(control) => (
                <Input
                  {...control}
                  name="depositPercent"
                  inputMode="numeric"
                  value={percent}
                  onChange={(e) => setPercent(e.target.value)}
                />
              )}
            </Field>
            <Field
              label="Valid until"
              error={errors.validUntil}
              hint="The buyer can accept until the end of this day."
              required
            >
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  name="validUntil"
                  min={quote.today}
                  max={addDays(quote.today, MAX_VALID_DAYS)}
                  defaultValue={quote.validUntil}
                />
              )}
            </Field>
            <div className="self-center text-right">
              <p className="text-sm text-ink-muted">Total</p>
              <p
                className="text-2xl font-bold text-ink"
                data-testid="final-total"
                aria-live="polite"
              >
                {total !== null ? formatUsd(total, { cents: true }) : "Check the amounts"}
              </p>
            </div>
          </div>
          <Field
            className="mt-4"
            label="Note to the buyer"
            hint={`Shown with the price and in the email. Up to ${MAX_BUYER_NOTE_LENGTH.toLocaleString("en-US")} characters.`}
            error={errors.buyerNote}
          >
            {(control) => (
              <Textarea {...control} name="buyerNote" rows={3} defaultValue={quote.buyerNote} />
            )}
          </Field>
        </fieldset>
        {quote.editable && (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="send" disabled={busy}>
              Send quote
            </Button>
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              Save price
            </Button>
          </div>
        )}
      </fetcher.Form>

      {quote.payments.length > 0 && (
        <section aria-labelledby="payments-heading" className={card}>
          <h2 id="payments-heading" className="text-lg font-bold text-ink">
            Deposit payments
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {quote.payments.map((p) => (
              <li key={p.id}>
                {formatUsd(p.amountCents, { cents: true })} through{" "}
                {p.provider === "test" ? "test mode" : "Stripe"}, opened {formatDate(p.createdAt)}:{" "}
                <span className="font-semibold">
                  {p.status === "paid"
                    ? `paid ${formatDateTime(p.paidAt!)}`
                    : p.status === "expired"
                      ? "closed without payment"
                      : "waiting for payment"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A line's artwork: thumbnails for images, and a download of every original. */
function LineArtwork({
  files,
  line,
}: {
  files: QuoteEditorData["lines"][number]["artwork"];
  line: number;
}) {
  if (!files.length) return <p className="text-ink-muted">No artwork sent.</p>;
  return (
    <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Artwork for line ${line}`}>
      {files.map((file) => (
        <li key={file.id} className="flex items-center gap-2">
          {file.thumbnailUrl ? (
            <img
              src={file.thumbnailUrl}
              alt={`${LOCATION_LABELS[file.location]} artwork, ${file.name}`}
              width={64}
              height={64}
              className="size-16 rounded border border-line object-contain"
            />
          ) : (
            <span className="flex size-16 items-center justify-center rounded border border-line text-xs">
              PDF
            </span>
          )}
          <span>
            {LOCATION_LABELS[file.location]}: {file.name} ({formatArtworkSize(file.bytes)})
            <a
              href={artworkDownloadPath(file.id)}
              download
              className="block font-medium text-brand-800 underline"
            >
              Download {file.name}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}
