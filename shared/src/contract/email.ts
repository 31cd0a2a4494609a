/**
 * Email (issue #31): the kinds of mail Playtime sends, every text of them written once, and the admin's
 * Mail tab (GET /api/admin/mail and GET /api/admin/mail/:id), which reads the mail the standalone
 * app's embedded SMTP server caught.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, isNotificationKind } from './notifications';
import { pageSizeRefusal, pageSizeSchema, type PageSizeRule } from './paging';

/** Mail about the account itself: the identity provider's, and the invitation to make one. */
export const ACCOUNT_EMAIL_KINDS = [
  'email-verification',
  'password-reset',
  'partner-invitation',
  'sign-up-attempt',
] as const;
export type AccountEmailKind = (typeof ACCOUNT_EMAIL_KINDS)[number];
/**
 * Issue #41: mail about getting into the account (a verification or a reset link) is sent only when
 * the account is made or asks for it, and can never be turned off: it carries no unsubscribe link
 * and no List-Unsubscribe header.
 */
export const ACCOUNT_ACCESS_EMAIL_KINDS = ['email-verification', 'password-reset', 'sign-up-attempt'] as const;
export const offersUnsubscribe = (kind: EmailKind): boolean =>
  !(ACCOUNT_ACCESS_EMAIL_KINDS as readonly string[]).includes(kind);

/** Every kind of mail: the account's own, and one per notification kind (./notifications). */
export const EMAIL_KINDS = [...ACCOUNT_EMAIL_KINDS, ...NOTIFICATION_KINDS] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Verification and reset links are single use and expire after this long (issue #31). */
export const EMAIL_LINK_HOURS = 24;

export interface EmailText {
  subject: string;
  /** The paragraph above the link. */
  intro: string;
  /** The button (HTML) and the label before the bare link (plain text). */
  action: string;
  /** The paragraph below the link. */
  outro: string;
  /** What unsubscribing from this kind stops; none for account access mail, which offers no unsubscribe. */
  unsubscribeLabel?: string;
}

/** One template per kind: the plain text and the HTML of a mail are both made from these texts. */
export const EMAIL_TEXTS: Record<AccountEmailKind, EmailText> = {
  'email-verification': {
    subject: 'Verify your email for Playtime',
    intro: 'Welcome to Playtime, {nickname}! Confirm that this is your email address so games can reach you.',
    action: 'Verify my email',
    outro: `The link works once and expires in ${EMAIL_LINK_HOURS} hours. If you did not sign up for Playtime, ignore this mail.`,
  },
  'partner-invitation': {
    subject: 'Your field is approved on Playtime: sign up to run it',
    intro:
      'Hello {nickname}, your application to list your field on Playtime is approved. Sign up with this email address and verify it, then confirm the application as yours on Playtime: you become its field owner.',
    action: 'Sign up on Playtime',
    outro:
      'Use this email address to sign up: the application is confirmed only by the account whose verified email it names.',
    unsubscribeLabel: 'Stop partner invitations',
  },
  // Issue #41: a sign-up with an email that has an account answers as any sign-up, and tells the address.
  'sign-up-attempt': {
    subject: 'Someone tried to sign up on Playtime with your email',
    intro:
      'Someone (maybe you, {nickname}) tried to make a new Playtime account with this email address, which already has one. If it was you, log in with your password, or choose a new one if you forgot it.',
    action: 'Choose a new password',
    outro: 'If it was not you, ignore this mail: nothing changed on your account.',
  },
  'password-reset': {
    subject: 'Reset your Playtime password',
    intro: 'Someone (we hope you, {nickname}) asked to reset the password of your Playtime account.',
    action: 'Choose a new password',
    outro: `The link works once and expires in ${EMAIL_LINK_HOURS} hours. If you did not ask for it, ignore this mail: your password stays as it is.`,
  },
};

export const EMAIL_FOOTER = 'You get this mail because you have a Playtime account.';

/** A notification's mail: its subject, and the button to what it is about. */
export const NOTIFICATION_EMAIL_TEXTS = {
  subject: (label: string) => `Playtime: ${label.charAt(0).toLowerCase()}${label.slice(1)}`,
  action: 'Open in Playtime',
  outro: 'Choose which notifications reach you by email on your Playtime profile.',
} as const;

/** What unsubscribing from a kind stops, as its mail's footer and the unsubscribe page say it; undefined: none offered. */
export function unsubscribeLabelOf(kind: EmailKind): string | undefined {
  return isNotificationKind(kind)
    ? `Stop emails like this (${NOTIFICATION_KIND_LABELS[kind].label.toLowerCase()})`
    : EMAIL_TEXTS[kind].unsubscribeLabel;
}

/** The unsubscribe page (GET shows it; the button, or a mail client's one-click POST, does it). */
export const UNSUBSCRIBE_TEXTS = {
  title: 'Unsubscribe',
  confirm: (label: string) => `${label}? You can turn them on again on your profile.`,
  button: 'Unsubscribe',
  done: 'You are unsubscribed. Playtime sends you no more emails of this kind.',
  invalid: 'This unsubscribe link is not valid. Use the link of a recent Playtime email.',
  /** An older mail's link for a kind that offers none now (account access mail, sent only when asked for). */
  notOffered:
    'Verification and password reset emails are sent only when you ask for them, so they cannot be turned off.',
} as const;

/** The embedded identity provider's pages about email. */
export const ACCOUNT_EMAIL_TEXTS = {
  verifyTitle: 'Verify your email',
  verifyPrompt: (email: string) => `Confirm that ${email} is your email address.`,
  verifyButton: 'Verify my email',
  verified: 'Your email is verified. You can close this page and go back to Playtime.',
  linkUsed: 'This link has already been used. Ask for a new one if you still need it.',
  linkExpired: `This link has expired (links last ${EMAIL_LINK_HOURS} hours). Ask for a new one.`,
  linkInvalid: 'This link is not valid. Check that you copied the whole link from the email, or ask for a new one.',
  resendTitle: 'Send the verification email again',
  resendButton: 'Send verification email',
  sent: 'If an account with this email exists, we sent it a link. It expires in 24 hours.',
  tooManyLinkRequests: (wait: string) =>
    `A link was asked for this email, or from your network, several times already. Check your inbox (and spam), or wait ${wait}, then try again.`,
  forgotTitle: 'Reset your password',
  forgotPrompt: 'Enter the email of your account and we send you a link to choose a new password.',
  forgotButton: 'Send reset link',
  resetTitle: 'Choose a new password',
  resetButton: 'Save new password',
  resetDone: 'Your password is changed. Log in with it from Playtime.',
  /** After a sign-up, whether or not the email had an account already (issue #41: the page must not tell). */
  signedUpTitle: 'Check your email',
  signedUp: (email: string) =>
    `We sent a mail to ${email}. Follow its link to verify your address. Log in with your email and password to start playing.`,
  /** Shown on the login page when this app's mail never leaves the machine (standalone). */
  standaloneMailNote:
    'This Playtime runs standalone: its email never leaves this machine. An admin reads verification and reset mail in Admin → Mail.',
} as const;

/** The mail list's page: `limit` mails, 20 unless asked, at most 100. */
export const MAIL_LIST_LIMIT = { name: 'limit', fallback: 20, max: 100 } as const satisfies PageSizeRule;
export const MAIL_LIST_DEFAULT_LIMIT = MAIL_LIST_LIMIT.fallback;

export const MAIL_MESSAGES = {
  onlyAdmins: 'Only admins can read the caught mail.',
  badBefore: 'before must be the id of a mail from the list (its next value)',
  badLimit: pageSizeRefusal(MAIL_LIST_LIMIT),
  notFound: 'There is no caught mail with this id.',
} as const;

/** GET /api/admin/mail?before&limit: the newest first; `before` is the previous page's `next`. */
export const mailListQuerySchema = z.object({
  before: z.coerce
    .number({ error: MAIL_MESSAGES.badBefore })
    .int(MAIL_MESSAGES.badBefore)
    .positive(MAIL_MESSAGES.badBefore)
    .optional(),
  limit: pageSizeSchema(MAIL_LIST_LIMIT),
});

export interface MailListItem {
  id: number;
  to: string;
  subject: string;
  /** The outbox kind (X-Playtime-Kind), or null for mail Playtime did not send. */
  kind: string | null;
  sentAt: string;
}

export interface MailList {
  items: MailListItem[];
  /** `before` for the next (older) page; null on the last page. */
  next: number | null;
}

/** GET /api/admin/mail/:id: one caught mail, rendered and raw. */
export interface MailMessage extends MailListItem {
  from: string;
  messageId: string | null;
  text: string;
  /** The HTML part as sent; the web shows it in a sandboxed frame. Null when the mail had none. */
  html: string | null;
  raw: string;
  headers: { name: string; value: string }[];
}

/** The header naming the outbox kind of every mail Playtime sends. */
export const EMAIL_KIND_HEADER = 'X-Playtime-Kind';
