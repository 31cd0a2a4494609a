import nodemailer from 'nodemailer';
import type pg from 'pg';
import { EMAIL_SEND_CONCURRENCY, type MailTransport } from './sender';

/** SMTP_URL as nodemailer reads it: smtp://user:pass@host:587, smtps://… for TLS, ?pool=true etc. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => void (await transporter.sendMail(message)),
    close: async () => transporter.close(),
  };
}

/** The embedded catcher on this machine; it can tell whether a Message-ID arrived (it stores them). */
export function catcherTransport(port: number, pool: pg.Pool): MailTransport {
  // Pooled: a burst of mail (reminders due together) reuses a few connections instead of one per mail.
  const transporter = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: EMAIL_SEND_CONCURRENCY,
    maxMessages: Infinity,
  });
  return {
    send: async (message) => void (await transporter.sendMail(message)),
    delivered: async (messageId) =>
      Boolean((await pool.query('SELECT 1 FROM caught_mail WHERE message_id = $1', [messageId])).rowCount),
    close: async () => transporter.close(),
  };
}
