/**
 * FAQ answers are HTML written by signed-in admins, so they are trusted, but a pasted snippet can
 * still carry a script or an inline handler. This keeps the formatting tags and drops everything
 * that executes; see docs/decisions/006-faq-answers-are-sanitized-html.md.
 */
const executableElements =
  /<(script|style|iframe|object|embed|template|noscript)\b[\s\S]*?<\/\1\s*>/gi;
const strayExecutableTags =
  /<\/?(script|style|iframe|object|embed|template|noscript|link|meta|base)\b[^>]*>/gi;
const eventHandlerAttributes = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const scriptUrlAttributes =
  /\s+(href|src|xlink:href|action|formaction)\s*=\s*(?:"\s*(?:javascript|vbscript|data):[^"]*"|'\s*(?:javascript|vbscript|data):[^']*'|(?:javascript|vbscript|data):[^\s>]*)/gi;

export function sanitizeHtml(html: string) {
  let previous: string;
  let result = html;
  // Repeat until stable, so a tag split around a removed one cannot reassemble itself.
  do {
    previous = result;
    result = result
      .replace(executableElements, "")
      .replace(strayExecutableTags, "")
      .replace(eventHandlerAttributes, "")
      .replace(scriptUrlAttributes, "");
  } while (result !== previous);
  return result;
}
