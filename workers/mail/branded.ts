import { escapeHtml } from "../http/html";

/** Whose mail it is: the workspace's name, its colour (hex, white text readable on it) and its logo's absolute URL. */
export interface MailBrand {
  name: string;
  color: string;
  logoUrl: string | null;
}

export interface MailContent {
  subject: string;
  /** The body's paragraphs, in words (no markup). */
  paragraphs: string[];
  /** The one thing to do: a button in the HTML, a labelled link in the text. */
  action?: { label: string; url: string };
  /** Small print after the body: why the mail came, how to stop it. A URL in it becomes a link in the HTML. */
  footer?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Escaped text with its http(s) URLs as links (mail programs would link them anyway; this keeps them whole). */
const withLinks = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]*[^\s<.,;:)]/g, (url) => `<a href="${url}" style="color:inherit">${url}</a>`);

/**
 * One mail in two parts that say the same (issue 41): a plain-text part for every mail program and reader, and an
 * HTML part in the workspace's colours. The HTML is tables and inline styles only, because mail programs drop
 * stylesheets; the logo is an image by URL (most programs block embedded data images).
 */
export function brandedMail(brand: MailBrand, content: MailContent): RenderedMail {
  const { paragraphs, action, footer = [] } = content;
  const text = [
    brand.name,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footer.length ? ["--", ...footer] : []),
  ]
    .join("\n")
    .trimEnd();
  const color = escapeHtml(brand.color);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="32" style="height:32px;vertical-align:middle;margin-right:12px;border:0">`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px 0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${logo}${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${withLinks(p)}</p>`).join("\n")}
${action ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${color};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(action.label)}</a></p>` : ""}
</td></tr>
${footer.length ? `<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#475569">${footer.map(withLinks).join("<br>")}</td></tr>` : ""}
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
