import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACCESS_EMAIL_KINDS, ACCOUNT_EMAIL_KINDS, EMAIL_TEXTS, offersUnsubscribe } from '../../contract/email';
import { renderEmail, renderNotificationEmail } from './templates';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-tokens';

describe('email templates', () => {
  it.each(ACCOUNT_EMAIL_KINDS)('makes the plain text and the HTML of %s from the same texts', (kind) => {
    const mail = renderEmail(kind, {
      nickname: '<Nia & co>',
      link: 'https://playtime.test/account/x?token=a&b',
      unsubscribeUrl: 'https://playtime.test/email/unsubscribe?token=t',
    });
    expect(mail.subject).toBe(EMAIL_TEXTS[kind].subject);
    for (const part of [EMAIL_TEXTS[kind].action, EMAIL_TEXTS[kind].unsubscribeLabel ?? EMAIL_TEXTS[kind].outro]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
    expect(mail.text).toContain('https://playtime.test/account/x?token=a&b');
    expect(mail.text).toContain('<Nia & co>');
    // The HTML escapes what it is given: a nickname cannot inject markup.
    expect(mail.html).toContain('&#60;Nia &#38; co&#62;');
    expect(mail.html).not.toContain('<Nia');
    expect(mail.html).toContain('href="https://playtime.test/account/x?token=a&#38;b"');
  });
});

describe('notification mail', () => {
  it("says the notification's text, links to it and offers to stop its kind", () => {
    const mail = renderNotificationEmail('moved', {
      text: 'The organizer moved you to Team 2 in <Cup>.',
      link: 'https://playtime.test/game-details/g1',
      unsubscribeUrl: 'https://playtime.test/email/unsubscribe?token=t',
    });
    expect(mail.subject).toBe('Playtime: you were moved to another team');
    expect(mail.text).toContain('The organizer moved you to Team 2 in <Cup>.');
    expect(mail.text).toContain('Open in Playtime: https://playtime.test/game-details/g1');
    expect(mail.text).toContain('Stop emails like this (you were moved to another team)');
    expect(mail.html).toContain('in &#60;Cup&#62;.');
  });
});

describe('unsubscribe tokens', () => {
  it('name the account and kind they were made for, and nothing else passes', () => {
    const token = unsubscribeToken('key', 'account-1', 'password-reset');
    expect(readUnsubscribeToken('key', token)).toEqual({ accountId: 'account-1', kind: 'password-reset' });
    expect(readUnsubscribeToken('other key', token)).toBeNull();
    const [account, , signature] = token.split('.');
    expect(readUnsubscribeToken('key', `${account}.email-verification.${signature}`)).toBeNull();
    expect(
      readUnsubscribeToken('key', `${Buffer.from('account-2').toString('base64url')}.password-reset.${signature}`),
    ).toBeNull();
    expect(readUnsubscribeToken('key', 'garbage')).toBeNull();
    // A notification kind is a kind of mail too: its links name it.
    expect(readUnsubscribeToken('key', unsubscribeToken('key', 'user-1', 'reminder'))).toEqual({
      accountId: 'user-1',
      kind: 'reminder',
    });
  });
});

describe('account access mail (issue #41)', () => {
  it.each(ACCOUNT_ACCESS_EMAIL_KINDS)('%s offers no unsubscribe, in the text or the HTML', (kind) => {
    const mail = renderEmail(kind, { nickname: 'Nia', link: 'https://playtime.test/account/x?token=a' });
    expect(offersUnsubscribe(kind)).toBe(false);
    expect(mail.text).not.toMatch(/unsubscribe|stop/i);
    expect(mail.html).not.toMatch(/unsubscribe|stop/i);
  });
});
