import { formatAddress, site } from "~/platform/config/site";

/** What every email template returns. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailBody {
  /** Shown as the first line of the email. */
  heading: string;
  /** Plain-text paragraphs; escaped for HTML. */
  paragraphs: string[];
  /** Label/value lines, e.g. order details. */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
}

export function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`,
  );
}

/** One look for every email the business sends, in HTML and plain text. */
export function renderEmail(subject: string, body: EmailBody): EmailContent {
  const footer = `${site.name} · ${formatAddress()} · ${site.phone.display}`;
  const text = [
    body.heading,
    "",
    ...body.paragraphs.flatMap((p) => [p, ""]),
    ...(body.details?.map(([label, value]) => `${label}: ${value}`) ?? []),
    ...(body.details?.length ? [""] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ""] : []),
    "--",
    footer,
  ].join("\n");

  const html = `<!doctype html><html><body style="margin:0;background:#f6f8fb;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f2a4a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:14px;font-weight:700;color:#c2410c;letter-spacing:.04em;text-transform:uppercase">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding-top:12px;font-size:22px;font-weight:700">${escapeHtml(body.heading)}</td></tr>
${body.paragraphs.map((p) => `<tr><td style="padding-top:12px;font-size:16px;line-height:1.6;color:#334155;white-space:pre-line">${escapeHtml(p)}</td></tr>`).join("\n")}
${body.details?.length ? `<tr><td style="padding-top:16px"><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.6">${body.details.map(([label, value]) => `<tr><td style="padding-right:16px;color:#51607a">${escapeHtml(label)}</td><td style="font-weight:600">${escapeHtml(value)}</td></tr>`).join("")}</table></td></tr>` : ""}
${body.action ? `<tr><td style="padding-top:24px"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${escapeHtml(body.action.label)}</a></td></tr>` : ""}
</table>
<p style="font-size:12px;color:#51607a;padding-top:16px">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;

  return { subject, text, html };
}
