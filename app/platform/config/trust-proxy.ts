import ipaddr from "ipaddr.js";

/** What Express's `trust proxy` setting accepts from us: off, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Reads TRUST_PROXY in Express's own forms: a hop count (`1`), or a comma-separated list of
 * proxy addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`.
 * `true` is read as one hop: trusting every hop would let a visitor choose their own address
 * by writing X-Forwarded-For. Returns an error message for anything else.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0" || value === "off") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: "a hop count above 10 is surely a mistake" };
  }
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const valid = entry.includes("/") ? isCidr(entry) : ipaddr.isValid(entry);
    if (!valid) {
      return {
        error:
          "must be a hop count (1), or proxy addresses, subnets or loopback/linklocal/uniquelocal, comma-separated",
      };
    }
  }
  return entries;
}

function isCidr(value: string) {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}
