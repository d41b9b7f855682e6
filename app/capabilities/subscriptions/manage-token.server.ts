import { createHmac, timingSafeEqual } from "node:crypto";

/** How long an emailed manage link works; a buyer can always ask for a fresh one. */
export const MANAGE_LINK_TTL_MS = 30 * 24 * 60 * 60_000;

// A key of its own, so a manage link can never be confused with any other signature.
function key(secret: string) {
  return createHmac("sha256", secret).update("merch-simplified:subscription-manage-link").digest();
}

function sign(secret: string, payload: string) {
  return createHmac("sha256", key(secret)).update(payload).digest("base64url");
}

/** `<subscription id>.<expiry, epoch seconds>.<signature>`: nobody can guess another buyer's. */
export function createManageToken(
  secret: string,
  subscriptionId: string,
  now = Date.now(),
  ttlMs = MANAGE_LINK_TTL_MS,
) {
  const payload = `${subscriptionId}.${Math.floor((now + ttlMs) / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

export type ManageTokenCheck =
  { ok: true; subscriptionId: string } | { ok: false; reason: "invalid" | "expired" };

export function verifyManageToken(
  secret: string,
  token: string,
  now = Date.now(),
): ManageTokenCheck {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, subscriptionId, expiry, signature] = match;
  const expected = Buffer.from(sign(secret, `${subscriptionId}.${expiry}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "invalid" };
  }
  if (Number(expiry) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, subscriptionId: subscriptionId! };
}

export function manageUrl(publicUrl: string, secret: string, subscriptionId: string, now?: number) {
  return `${publicUrl}/subscription/manage?token=${createManageToken(secret, subscriptionId, now)}`;
}
