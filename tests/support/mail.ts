import { simpleParser, type ParsedMail } from 'mailparser';
import type { MailList, MailMessage } from '@playtime/shared/contract/email';
import { HttpBrowser, readForm } from '@playtime/shared/infra/identity/embedded-provider/testing/http-browser';
import type { ApiClient } from './api-client';
import { authorizationRequest } from './api-client';
import { waitFor } from './wait';

export interface CaughtMail {
  message: MailMessage;
  parsed: ParsedMail;
  /** The mail's one action link (verify, reset, a notification's 'Open in Playtime'...), from its plain text. */
  link: string;
}

/** The newest mail to `to` whose subject matches, read through the admin's Mail API and parsed with mailparser. */
export async function waitForMail(admin: ApiClient, to: string, subject: RegExp, notId?: number): Promise<CaughtMail> {
  const id = await waitFor(`a mail "${subject}" to ${to}`, async () => {
    const answer = await admin.get('/api/admin/mail?limit=100');
    const list = answer.json as MailList;
    return list.items.find((item) => item.to.includes(to) && subject.test(item.subject) && item.id !== notId)?.id;
  });
  const message = (await admin.get(`/api/admin/mail/${id}`)).json as MailMessage;
  const parsed = await simpleParser(message.raw);
  const text = parsed.text ?? '';
  const link =
    /Open in Playtime: (https?:\/\/\S+)/.exec(text)?.[1] ??
    /: (https?:\/\/\S+token=\S+)/.exec(text)?.[1] ??
    // The action's bare link, the first one in the text (a mail without a token, such as a sign-up attempt's).
    /: (https?:\/\/\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no link in mail:\n${parsed.text}`);
  return { message, parsed, link };
}

/**
 * Signs up on the embedded provider's sign-up page, as a person does, then logs in on the page that
 * follows (it says to check the mail, whether or not the email had an account); returns the browser
 * (logged in).
 */
export async function signUpOnPage(appUrl: string, email: string, nickname: string, password: string) {
  const browser = new HttpBrowser();
  const { url } = authorizationRequest(appUrl, appUrl, { screen_hint: 'signup' });
  const page = await browser.navigate(url);
  const signedUp = await browser.submit(readForm(page.body, page.url), { email, nickname, password });
  if (signedUp.status !== 200)
    throw new Error(`sign-up was refused: ${signedUp.status} ${signedUp.body.slice(0, 400)}`);
  const back = await browser.submit(
    readForm(signedUp.body, signedUp.url),
    { password },
    (location) => location.startsWith(appUrl) && location.includes('code='),
  );
  if (back.status !== 0)
    throw new Error(`sign-up did not return to the app: ${back.status} ${back.body.slice(0, 400)}`);
  return browser;
}

/** A form's POST as a browser sends it (the provider's account pages: forgot, reset, verify). */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}
