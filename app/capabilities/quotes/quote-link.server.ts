import { createHmac, timingSafeEqual } from "node:crypto";

// The quote's page is reached by a signed link, no account (issue 23): the quote's id signed with
// AUTH_SECRET under a key of its own, so it cannot be confused with any other signature.

function key(secret: string) {
  return createHmac("sha256", secret).update("merch-simplified:quote-link").digest();
}

export function quoteToken(secret: string, quoteId: string) {
  return createHmac("sha256", key(secret)).update(quoteId).digest("base64url");
}

export function verifyQuoteToken(secret: string, quoteId: string, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const expected = Buffer.from(quoteToken(secret, quoteId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function quotePath(quote: { id: string; number: number }, secret: string) {
  return `/quotes/${quoteLabel(quote.number)}?t=${quoteToken(secret, quote.id)}`;
}

export function quoteLabel(number: number) {
  return `Q-${number}`;
}
