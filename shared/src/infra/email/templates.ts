/**
 * One template per kind (issue #31): the plain text and the HTML of a mail are made from the same
 * texts of the contract (EMAIL_TEXTS, NOTIFICATION_EMAIL_TEXTS), so the two never say different things.
 */
import {
  EMAIL_FOOTER,
  EMAIL_TEXTS,
  NOTIFICATION_EMAIL_TEXTS,
  unsubscribeLabelOf,
  type AccountEmailKind,
} from '../../contract/email';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../contract/notifications';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateInput {
  nickname: string;
  /** The mail's one action (verify, reset). */
  link: string;
  /** None for account access mail, which offers no unsubscribe (contract/email.ts). */
  unsubscribeUrl?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const fill = (template: string, input: TemplateInput) => template.replaceAll('{nickname}', input.nickname);

/** The parts every mail has: one paragraph, one action, a closing paragraph and the unsubscribe line. */
interface MailParts {
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
  /** Both, or neither (a mail that offers no unsubscribe). */
  unsubscribeLabel?: string;
  unsubscribeUrl?: string;
}

function compose(parts: MailParts): EmailContent {
  const unsubscribe =
    parts.unsubscribeLabel && parts.unsubscribeUrl
      ? { label: parts.unsubscribeLabel, url: parts.unsubscribeUrl }
      : undefined;
  const text = [
    parts.intro,
    '',
    `${parts.action}: ${parts.link}`,
    '',
    parts.outro,
    '',
    '--',
    EMAIL_FOOTER,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`] : []),
    '',
  ].join('\n');
  // Inline styles only: mail clients drop <style> and external sheets. The greens are the web theme's.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#e9f9ee;font-family:Arial,Helvetica,sans-serif;color:#212529;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:22px;font-weight:800;color:#17803f">Playtime</p>
<p style="margin:0 0 20px">${escapeHtml(parts.intro)}</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(parts.link)}" style="display:inline-block;background:#17803f;color:#fff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:8px">${escapeHtml(parts.action)}</a></p>
<p style="margin:0 0 20px;font-size:14px;color:#5c636a">Or open this address: <span style="word-break:break-all">${escapeHtml(parts.link)}</span></p>
<p style="margin:0;font-size:14px;color:#5c636a">${escapeHtml(parts.outro)}</p>
</div>
<p style="max-width:480px;margin:16px auto 0;font-size:12px;color:#5c636a;text-align:center">${escapeHtml(EMAIL_FOOTER)}${unsubscribe ? ` <a href="${escapeHtml(unsubscribe.url)}" style="color:#17803f">${escapeHtml(unsubscribe.label)}</a>` : ''}</p>
</body></html>
`;
  return { subject: parts.subject, text, html };
}

export function renderEmail(kind: AccountEmailKind, input: TemplateInput): EmailContent {
  const texts = EMAIL_TEXTS[kind];
  return compose({
    subject: texts.subject,
    intro: fill(texts.intro, input),
    action: texts.action,
    link: input.link,
    outro: texts.outro,
    unsubscribeLabel: texts.unsubscribeLabel,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** A notification's mail: its text, the link to what it is about, and the kind's unsubscribe line. */
export function renderNotificationEmail(
  kind: NotificationKind,
  input: { text: string; link: string; unsubscribeUrl: string },
): EmailContent {
  return compose({
    subject: NOTIFICATION_EMAIL_TEXTS.subject(NOTIFICATION_KIND_LABELS[kind].label),
    intro: input.text,
    action: NOTIFICATION_EMAIL_TEXTS.action,
    link: input.link,
    outro: NOTIFICATION_EMAIL_TEXTS.outro,
    unsubscribeLabel: unsubscribeLabelOf(kind),
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
