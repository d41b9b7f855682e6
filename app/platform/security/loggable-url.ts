/**
 * Query parameters whose values may be written to the log: the site's own choices (a plan, a
 * page number, a list filter), never what identifies or authorises a person. Every other value is
 * replaced, so a new parameter is kept out of the log until it is added here on purpose.
 */
const LOGGABLE_PARAMETERS = new Set([
  "_routes",
  "index",
  "plan",
  "interval",
  "page",
  "status",
  "tab",
  "category",
  "contact",
  "chat",
]);

export const REDACTED = "[redacted]";

const EMAIL = /@|%40/i;
// Stripe's ids (checkout sessions, subscriptions, customers, payments, events) name one buyer.
const STRIPE_ID = /^(cs|sub|cus|pi|pm|seti|evt|in|ch|si)_[A-Za-z0-9_]+$/;

/**
 * A token, a signature or a session id in a path segment: long, and random-looking (letters of
 * both cases or letters and digits mixed without the hyphens of a readable slug).
 */
function looksSecret(segment: string) {
  if (EMAIL.test(segment) || STRIPE_ID.test(segment)) return true;
  if (segment.length < 20 || !/^[A-Za-z0-9_.~%=+-]+$/.test(segment)) return false;
  const words = segment.split(/[-_.]/);
  // A slug (`spring-tees-2024`) is short words; a token is one long run.
  if (words.every((word) => word.length <= 16)) return false;
  return /\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment));
}

/**
 * An address as it may appear in the log: the path with every token-, id- or email-like segment
 * replaced, and the query keeping only the values of loggable parameters (others become
 * `name=[redacted]`). Works on a path (`/a?b=c`) or an absolute URL; anything unparseable is
 * reduced to its first path segment.
 */
export function loggableUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url);
  const slash = absolute ? url.indexOf("/", absolute[0].length) : 0;
  const origin = slash === -1 ? url : url.slice(0, slash);
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf("#");
  const withoutHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : withoutHash.slice(queryAt + 1);
  const safePath = path
    .split("/")
    .map((segment) => (looksSecret(segment) ? REDACTED : segment))
    .join("/");
  return origin + safePath + (query === undefined ? "" : `?${loggableQuery(query)}`);
}

function loggableQuery(query: string) {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      const rawName = at === -1 ? pair : pair.slice(0, at);
      if (at === -1) return EMAIL.test(rawName) ? REDACTED : rawName;
      const value = pair.slice(at + 1);
      const allowed = LOGGABLE_PARAMETERS.has(decodeName(rawName)) && !EMAIL.test(value);
      return `${rawName}=${allowed ? value : REDACTED}`;
    })
    .join("&");
}

function decodeName(name: string) {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
