import LinkifyIt from "linkify-it";
import type { ReactNode } from "react";

const linkify = new LinkifyIt();
const SAFE = /^(https?:|mailto:)/i;

/** Plain text with its web and email addresses as links (linkify-it finds them); the rest as text. */
export function LinkedText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!SAFE.test(match.url)) continue;
    out.push(text.slice(last, match.index));
    out.push(
      <a
        key={match.index}
        href={match.url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-800 underline break-all"
      >
        {match.text}
      </a>,
    );
    last = match.lastIndex;
  }
  out.push(text.slice(last));
  return <>{out}</>;
}
