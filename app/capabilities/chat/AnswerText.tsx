import type { ReactNode } from "react";
import { isWebLink } from "~/platform/security/site-link";

const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/**
 * The assistant's text as the visitor's chat shows it: its [title](url) links as real links,
 * only to site paths and http(s); anything else stays text (React escapes it).
 */
export function withLinks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    out.push(text.slice(last, match.index));
    const safe = isWebLink(
      href!,
      typeof window === "undefined" ? undefined : window.location.origin,
    );
    out.push(
      safe ? (
        <a key={match.index} href={href} className="font-medium text-brand-700 underline">
          {label}
        </a>
      ) : (
        label
      ),
    );
    last = match.index! + whole.length;
  }
  out.push(text.slice(last));
  return out;
}
