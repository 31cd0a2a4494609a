/**
 * One template per kind (issue #31): the plain text and the HTML of a mail are made from the same
 * texts of the contract (EMAIL_TEXTS), so the two never say different things.
 */
import { EMAIL_FOOTER, EMAIL_TEXTS, type EmailKind } from '../../contract/email';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateInput {
  nickname: string;
  /** The mail's one action (verify, reset). */
  link: string;
  unsubscribeUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const fill = (template: string, input: TemplateInput) => template.replaceAll('{nickname}', input.nickname);

export function renderEmail(kind: EmailKind, input: TemplateInput): EmailContent {
  const texts = EMAIL_TEXTS[kind];
  const intro = fill(texts.intro, input);
  const text = [
    intro,
    '',
    `${texts.action}: ${input.link}`,
    '',
    texts.outro,
    '',
    '--',
    EMAIL_FOOTER,
    `${texts.unsubscribeLabel}: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  // Inline styles only: mail clients drop <style> and external sheets. The greens are the web theme's.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(texts.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#e9f9ee;font-family:Arial,Helvetica,sans-serif;color:#212529;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#17803f">Playtime</p>
<p style="margin:0 0 20px">${escapeHtml(intro)}</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#17803f;color:#fff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(texts.action)}</a></p>
<p style="margin:0 0 20px;font-size:14px;color:#5c636a">Or open this address: <span style="word-break:break-all">${escapeHtml(input.link)}</span></p>
<p style="margin:0;font-size:14px;color:#5c636a">${escapeHtml(texts.outro)}</p>
</div>
<p style="max-width:480px;margin:16px auto 0;font-size:12px;color:#5c636a;text-align:center">${escapeHtml(EMAIL_FOOTER)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#17803f">${escapeHtml(texts.unsubscribeLabel)}</a></p>
</body></html>
`;
  return { subject: texts.subject, text, html };
}
