import { and, desc, eq, inArray, isNull, lt, ne } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { site } from "~/platform/config/site";
import { quoteOrders, quotePayments, quotes } from "~/platform/db/schema/index";
import type { JobHandler } from "~/platform/jobs/jobs.server";
import { formatCalendarDate } from "~/platform/lib/dates";
import { SESSION_ID_PLACEHOLDER } from "~/platform/payments/provider";
import { testCardMessages, testCardOutcome } from "~/platform/payments/test-cards";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import type { Database } from "~/platform/db/client.server";
import { quoteAnsweredNotificationEmail, quoteOrderConfirmationEmail } from "./emails";
import { MAX_REASON_LENGTH, businessToday, isPastValidUntil } from "./final-price";
import { quoteLabel, quotePath, verifyQuoteToken } from "./quote-link.server";

// The buyer's side of a sent quote (issue 23): accept and pay the deposit, or decline with a
// reason; the payment's completion makes the quote an order. Every step is safe to repeat.

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger">;
type QuoteRow = typeof quotes.$inferSelect;

/** Who changed a quote when it was not an admin: the buyer through the signed link, or the system. */
const BUYER: Actor = { id: null, email: "buyer (signed quote link)" };
const PAYMENT: Actor = { id: null, email: "system (payment provider)" };
const EXPIRY: Actor = { id: null, email: "system (quote expiry job)" };

export const BUYER_TEXT = {
  notPriced: "This quote has no final price yet. We will email you as soon as it is ready.",
  declined: "This quote was declined, so it can no longer be accepted. Ask us for a new quote.",
  alreadyDeclined: "This quote has already been declined.",
  paid: "This quote is already paid. Thank you for your order!",
  expired: (day: string) =>
    `This quote expired on ${formatCalendarDate(day, { long: true })} and can no longer be accepted. Ask us for a new quote.`,
  expiredUndated: "This quote has expired and can no longer be accepted. Ask us for a new quote.",
  reasonMissing: "Please tell us why you are declining, so we can do better next time.",
  reasonTooLong: `Please keep your reason under ${MAX_REASON_LENGTH.toLocaleString("en-US")} characters.`,
  paymentFailed: `We could not open the payment page. Please try again in a minute, or call us at ${site.phone.display}.`,
  notFound: "This quote link is not valid. Please use the link in your email.",
} as const;

/** The quote a signed link names, or null (malformed label, unknown quote, wrong token). */
export async function quoteRowForLink(
  context: Pick<Context, "db" | "env">,
  label: string,
  token: string,
): Promise<QuoteRow | null> {
  const m = /^Q-(\d{4,9})$/.exec(label);
  if (!m) return null;
  const [row] = await context.db
    .select()
    .from(quotes)
    .where(eq(quotes.number, Number(m[1])));
  if (!row || !verifyQuoteToken(context.env.AUTH_SECRET, row.id, token)) return null;
  return row;
}

/** Why a quote in this state cannot be accepted now, or null when it can. */
export function acceptRefusal(
  row: Pick<QuoteRow, "status" | "validUntil">,
  today: string,
): string | null {
  switch (row.status) {
    case "requested":
    case "priced":
      return BUYER_TEXT.notPriced;
    case "declined":
      return BUYER_TEXT.declined;
    case "paid":
      return BUYER_TEXT.paid;
    case "expired":
      return row.validUntil ? BUYER_TEXT.expired(row.validUntil) : BUYER_TEXT.expiredUndated;
    case "sent":
    case "accepted":
      return isPastValidUntil(row.validUntil, today) ? BUYER_TEXT.expired(row.validUntil!) : null;
  }
  return null;
}

export type BuyerResult =
  { ok: true; redirect: string } | { ok: false; status: 404 | 409 | 400 | 503; message: string };

/**
 * The buyer accepts the sent price: the quote is accepted and the deposit's payment page opens.
 * A second submit (or a return from an abandoned payment page) reopens the same payment.
 */
export async function acceptQuote(
  context: Context,
  label: string,
  token: string,
): Promise<BuyerResult> {
  const row = await quoteRowForLink(context, label, token);
  if (!row) return { ok: false, status: 404, message: BUYER_TEXT.notFound };
  const today = businessToday();
  const provider = context.services.payments;
  const outcome = await context.db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.id)).for("update");
    const refusal = acceptRefusal(quote!, today);
    if (refusal) return { refused: true, message: refusal } as const;
    if (quote!.status === "sent") {
      await tx
        .update(quotes)
        .set({ status: "accepted", acceptedAt: new Date() })
        .where(eq(quotes.id, row.id));
      await recordAudit(tx, BUYER, {
        action: "accept",
        entityType: "quote",
        entityId: row.id,
        before: { status: "sent" },
        after: { status: "accepted", depositCents: quote!.depositCents },
      });
    }
    const [open] = await tx
      .select()
      .from(quotePayments)
      .where(
        and(
          eq(quotePayments.quoteId, row.id),
          eq(quotePayments.status, "pending"),
          eq(quotePayments.amountCents, quote!.depositCents!),
          eq(quotePayments.provider, provider.name),
        ),
      )
      .orderBy(desc(quotePayments.createdAt))
      .limit(1);
    if (open) return { refused: false, quote: quote!, payment: open } as const;
    const [created] = await tx
      .insert(quotePayments)
      .values({ quoteId: row.id, amountCents: quote!.depositCents!, provider: provider.name })
      .returning();
    return { refused: false, quote: quote!, payment: created! } as const;
  });
  if (outcome.refused) return { ok: false, status: 409, message: outcome.message };
  const { quote, payment } = outcome;

  const pagePath = quotePath(quote, context.env.AUTH_SECRET);
  try {
    if (payment.providerSessionId && payment.checkoutUrl) {
      const state = await provider.getCheckoutSession(payment.providerSessionId);
      if (state && state.paid) {
        await fulfilQuotePayment(context, payment.providerSessionId);
        return { ok: true, redirect: pagePath };
      }
      if (state && !state.expired) return { ok: true, redirect: payment.checkoutUrl };
      // The provider closed that page (Stripe's expire after a day): a new attempt, a new page.
      await expireQuotePayment(context, payment.providerSessionId);
      return acceptQuote(context, label, token);
    }
    const session = await provider.createPaymentCheckout({
      reference: payment.id,
      customerEmail: quote.email,
      description: `Deposit for quote ${quoteLabel(quote.number)} (${site.name})`,
      amountCents: payment.amountCents,
      successUrl: `${context.env.PUBLIC_URL}${pagePath}&session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: context.env.PUBLIC_URL + pagePath,
    });
    if (!session.url) throw new Error("the payment provider returned no URL");
    // A concurrent submit got the same session (same reference): the first write stands.
    await context.db
      .update(quotePayments)
      .set({ providerSessionId: session.id, checkoutUrl: session.url })
      .where(and(eq(quotePayments.id, payment.id), isNull(quotePayments.providerSessionId)));
    return { ok: true, redirect: session.url };
  } catch (error) {
    context.logger.error({ err: error, quoteId: quote.id }, "quote deposit payment failed to open");
    return { ok: false, status: 503, message: BUYER_TEXT.paymentFailed };
  }
}

/** The buyer declines a sent (or accepted, unpaid) quote and says why; the company is told. */
export async function declineQuote(
  context: Context,
  label: string,
  token: string,
  reasonInput: string,
): Promise<BuyerResult> {
  const row = await quoteRowForLink(context, label, token);
  if (!row) return { ok: false, status: 404, message: BUYER_TEXT.notFound };
  const reason = reasonInput.trim();
  if (!reason) return { ok: false, status: 400, message: BUYER_TEXT.reasonMissing };
  if (reason.length > MAX_REASON_LENGTH) {
    return { ok: false, status: 400, message: BUYER_TEXT.reasonTooLong };
  }
  const refusal = await context.db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.id)).for("update");
    if (quote!.status === "declined") return BUYER_TEXT.alreadyDeclined;
    const why = acceptRefusal(quote!, businessToday());
    if (why) return why;
    const declinedAt = new Date();
    await tx
      .update(quotes)
      .set({ status: "declined", declinedAt, declineReason: reason })
      .where(eq(quotes.id, row.id));
    await recordAudit(tx, BUYER, {
      action: "decline",
      entityType: "quote",
      entityId: row.id,
      before: { status: quote!.status },
      after: { status: "declined", declineReason: reason },
    });
    await context.services.email.queue(
      {
        kind: "quote-answered",
        to: context.env.COMPANY_INBOX ?? site.email,
        replyTo: quote!.email,
        dedupeKey: `quote-declined:${row.id}:${declinedAt.toISOString()}`,
        ...quoteAnsweredNotificationEmail({
          label: quoteLabel(quote!.number),
          name: quote!.name,
          email: quote!.email,
          outcome: "declined",
          reason,
          adminUrl: `${context.env.PUBLIC_URL}/admin/quotes/${row.id}`,
        }),
      },
      { tx },
    );
    return null;
  });
  if (refusal) return { ok: false, status: 409, message: refusal };
  context.services.email.deliverSoon();
  return { ok: true, redirect: quotePath(row, context.env.AUTH_SECRET) };
}

/**
 * A deposit's session is paid: the payment is marked paid, the quote paid, and its order created
 * with the confirmation email. Safe to call any number of times, from the webhook, the success
 * return or the test payment page, in any order: the order's unique quote id and the email's
 * dedupe key let exactly one through. Returns the order, or null when the session is not a quote's.
 */
export async function fulfilQuotePayment(context: Context, sessionId: string) {
  const [payment] = await context.db
    .select()
    .from(quotePayments)
    .where(eq(quotePayments.providerSessionId, sessionId));
  if (!payment) return null;
  const order = await context.db.transaction(async (tx) => {
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(eq(quotes.id, payment.quoteId))
      .for("update");
    const paidAt = new Date();
    await tx
      .update(quotePayments)
      .set({ status: "paid", paidAt })
      .where(and(eq(quotePayments.id, payment.id), ne(quotePayments.status, "paid")));
    const [created] = await tx
      .insert(quoteOrders)
      .values({
        quoteId: quote!.id,
        paymentId: payment.id,
        customerName: quote!.name,
        customerEmail: quote!.email,
        company: quote!.company,
        totalCents: quote!.finalTotalCents ?? quote!.computedTotalCents,
        depositPaidCents: payment.amountCents,
      })
      .onConflictDoNothing({ target: quoteOrders.quoteId })
      .returning();
    if (created) {
      // Money has moved: the quote is paid whatever happened to it meanwhile.
      await tx.update(quotes).set({ status: "paid", paidAt }).where(eq(quotes.id, quote!.id));
      await recordAudit(tx, PAYMENT, {
        action: "pay",
        entityType: "quote",
        entityId: quote!.id,
        before: { status: quote!.status },
        after: { status: "paid", orderId: created.id, depositPaidCents: payment.amountCents },
      });
    }
    const [order] = created
      ? [created]
      : await tx.select().from(quoteOrders).where(eq(quoteOrders.quoteId, quote!.id));
    const label = quoteLabel(quote!.number);
    // Queued on every call: a crash between the writes and the email must not lose it.
    await context.services.email.queue(
      {
        kind: "quote-order-confirmation",
        to: quote!.email,
        dedupeKey: `quote-order-confirmation:${quote!.id}`,
        ...quoteOrderConfirmationEmail({
          label,
          name: quote!.name,
          totalCents: order!.totalCents,
          depositCents: order!.depositPaidCents,
          inHandsDate: quote!.inHandsDate,
          url: context.env.PUBLIC_URL + quotePath(quote!, context.env.AUTH_SECRET),
        }),
      },
      { tx },
    );
    await context.services.email.queue(
      {
        kind: "quote-answered",
        to: context.env.COMPANY_INBOX ?? site.email,
        replyTo: quote!.email,
        dedupeKey: `quote-paid:${quote!.id}`,
        ...quoteAnsweredNotificationEmail({
          label,
          name: quote!.name,
          email: quote!.email,
          outcome: "paid",
          depositCents: order!.depositPaidCents,
          adminUrl: `${context.env.PUBLIC_URL}/admin/quotes/${quote!.id}`,
        }),
      },
      { tx },
    );
    return order!;
  });
  context.services.email.deliverSoon();
  return order;
}

/** An abandoned payment page closes its attempt; a paid one stays paid whatever arrives late. */
export async function expireQuotePayment(context: Pick<Context, "db">, sessionId: string) {
  await context.db
    .update(quotePayments)
    .set({ status: "expired" })
    .where(
      and(eq(quotePayments.providerSessionId, sessionId), eq(quotePayments.status, "pending")),
    );
}

/**
 * The buyer is back from the payment page (`?session_id=`): when the provider says that session
 * is paid, fulfil it now rather than wait for the webhook. Errors only delay the order.
 */
export async function confirmReturnedPayment(context: Context, quoteId: string, sessionId: string) {
  try {
    const [payment] = await context.db
      .select({ status: quotePayments.status })
      .from(quotePayments)
      .where(
        and(eq(quotePayments.providerSessionId, sessionId), eq(quotePayments.quoteId, quoteId)),
      );
    if (!payment || payment.status === "paid") return;
    const state = await context.services.payments.getCheckoutSession(sessionId);
    if (state?.paid) await fulfilQuotePayment(context, sessionId);
  } catch (error) {
    context.logger.error({ err: error, quoteId }, "returned quote payment could not be confirmed");
  }
}

/** A test-mode deposit payment by its session id, for the built-in payment page; else null. */
export async function findTestModeQuotePayment(context: Pick<Context, "db">, sessionId: string) {
  const [found] = await context.db
    .select({ payment: quotePayments, quote: quotes })
    .from(quotePayments)
    .innerJoin(quotes, eq(quotes.id, quotePayments.quoteId))
    .where(and(eq(quotePayments.providerSessionId, sessionId), eq(quotePayments.provider, "test")));
  return found ?? null;
}

/** Where the buyer lands after paying: the quote's own page. */
export function quotePagePathFor(context: Pick<Context, "env">, quote: QuoteRow) {
  return quotePath(quote, context.env.AUTH_SECRET);
}

export const QUOTE_EXPIRY_JOB = "quote-expiry";

/**
 * Sent quotes past their valid-until day become expired (the buyer can no longer accept them;
 * the company can price and send them again). Safe to run as often as wanted.
 */
export async function expireSentQuotes(db: Database, now = new Date()) {
  const today = businessToday(now);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotes)
      .set({ status: "expired" })
      .where(and(eq(quotes.status, "sent"), lt(quotes.validUntil, today)))
      .returning({ id: quotes.id, validUntil: quotes.validUntil });
    for (const quote of expired) {
      await recordAudit(tx, EXPIRY, {
        action: "expire",
        entityType: "quote",
        entityId: quote.id,
        before: { status: "sent", validUntil: quote.validUntil },
        after: { status: "expired" },
      });
    }
    return { expired: expired.length };
  });
}

export function quoteExpiryHandler(db: Database): JobHandler {
  return async ({ progress }) => {
    const result = await expireSentQuotes(db);
    await progress(result.expired, result.expired);
    return result;
  };
}

/** Paid quotes' orders by quote id, for the admin's quote screen. */
export async function ordersForQuotes(db: Database, quoteIds: string[]) {
  if (!quoteIds.length) return new Map<string, typeof quoteOrders.$inferSelect>();
  const rows = await db.select().from(quoteOrders).where(inArray(quoteOrders.quoteId, quoteIds));
  return new Map(rows.map((r) => [r.quoteId, r]));
}

/** What Stripe does for a real card, for a deposit in test mode: a good test card pays it. */
export async function payTestQuoteSession(
  context: Context,
  sessionId: string,
  cardNumber: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const outcome = testCardOutcome(cardNumber);
  if (outcome !== "paid") return { ok: false, message: testCardMessages[outcome] };
  await fulfilQuotePayment(context, sessionId);
  return { ok: true };
}

/** The test payment page's view of a deposit: what it says, and where it leads back to. */
export async function testModeDeposit(context: Pick<Context, "db" | "env">, sessionId: string) {
  const found = await findTestModeQuotePayment(context, sessionId);
  if (!found) return null;
  const { payment, quote } = found;
  return {
    paid: payment.status === "paid",
    expired: payment.status === "expired",
    label: quoteLabel(quote.number),
    email: quote.email,
    amountCents: payment.amountCents,
    quotePath: quotePath(quote, context.env.AUTH_SECRET),
  };
}
