/** The mail feature's public surface: the admin's Mail tab (what the standalone app's SMTP server caught). */
export { MailPanel } from './mail-panel';
