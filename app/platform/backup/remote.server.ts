import { createHmac, timingSafeEqual } from "node:crypto";

/** Where a running server answers `npm run backup` (loopback only, signed with AUTH_SECRET). */
export const BACKUP_ENDPOINT = "/_ops/backup";
/** How long a signed request stays valid: a copied request cannot be replayed later. */
const VALID_MS = 60_000;

function signature(secret: string, time: string) {
  return createHmac("sha256", secret).update(`backup ${time}`).digest("hex");
}

/** The headers that ask the server for a backup. */
export function signBackupRequest(secret: string, now = Date.now()) {
  const time = String(now);
  return { "x-backup-time": time, authorization: `Bearer ${signature(secret, time)}` };
}

export function isSignedBackupRequest(
  secret: string,
  headers: { time?: string; authorization?: string },
  now = Date.now(),
) {
  const time = headers.time ?? "";
  if (!/^\d{1,16}$/.test(time) || Math.abs(now - Number(time)) > VALID_MS) return false;
  const given = Buffer.from(headers.authorization?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(signature(secret, time));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
