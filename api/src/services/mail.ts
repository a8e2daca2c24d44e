// The one way the API sends e-mail: `app.services.mail.send({ to, subject, text, html? })`.
// How it leaves is a transport (a port): SMTP with SMTP_URL; without it, the one the dev stand-ins
// supply (their mailbox, so local runs and tests can follow the links), else none.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Hands a finished message (subject on one line) to whatever carries mail. */
export type MailTransport = (message: MailMessage) => Promise<void>;

export interface MailService {
  send(message: MailMessage): Promise<void>;
}

// Anything a mail program could turn into a link: a URL (any scheme://, or mailto:, javascript: ...),
// www., or a bare host name such as evil.test or pay.evil.example/login (labels ending in letters).
const URL_LIKE =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|(?:mailto|javascript|vbscript|data|file|tel|sms|callto|skype):)\S*|\bwww\.\S+|(?:[\p{L}\p{N}_-]+\.)+\p{L}{2,}(?::\d+)?(?:[/?#]\S*)?/giu;
// Line breaks (CR, LF, NEL, the Unicode separators), other control characters and the direction
// overrides that can make text read differently from what it is.
const CONTROL_CHARS = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * Text a user wrote (a name, delivery instructions, an address), made safe to put in any mail: one
 * line (no newline can add a header or forge a paragraph), URLs and host names removed (so
 * "Click http://evil.test" cannot become a link), spaces collapsed. HTML parts must still escape it
 * (escapeHtml); every mail template passes user text through this.
 */
export function userText(value: string | null | undefined, fallback = ''): string {
  const clean = (value ?? '').replace(CONTROL_CHARS, ' ').replace(URL_LIKE, ' ').replace(/\s+/g, ' ').trim();
  return clean || fallback;
}

/** For HTML parts of mails. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A header value (the subject) on one line, whatever a template put in it. */
const oneLine = (s: string) => s.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();

/** Real e-mail through nodemailer. */
export function smtpTransport(config: Pick<Config, 'mailFrom'> & { smtpUrl: string }, log: FastifyBaseLogger): MailTransport {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (message) => {
    await transport.sendMail({ from: config.mailFrom, ...message });
    log.info({ subject: message.subject }, 'mail sent');
  };
}

/**
 * Neither SMTP_URL nor a stand-in mailbox: sending fails, so nothing is counted as sent. The outbox
 * keeps such mail FAILED with this message (the notifications panel can send it again once SMTP_URL
 * is set), and the account mails log it.
 */
export function undeliveredMail(log: FastifyBaseLogger): MailTransport {
  return async (message) => {
    log.warn({ subject: message.subject }, 'mail not sent: no SMTP_URL is set and no dev mailbox is served');
    throw new Error('Mail is not configured: set SMTP_URL');
  };
}

export function createMailService(transport: MailTransport): MailService {
  return {
    send: (raw) => transport({ ...raw, subject: oneLine(raw.subject) }),
  };
}
