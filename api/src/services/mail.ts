// The one way the API sends e-mail: `app.services.mail.send({ to, subject, text, html? })`.
// With SMTP_URL it goes out through nodemailer; without it, it lands in the dev mailbox (the
// dev_mail table, read at GET /dev/mailbox), so local runs and tests can follow the links.
import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devMail } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface DevMailEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  createdAt: string;
}

export interface MailService {
  send(message: MailMessage): Promise<void>;
  /** Dev mailbox, newest first; `to` matches case-insensitively. */
  devMailbox(to?: string): Promise<DevMailEntry[]>;
}

const LINK_REGEX = /https?:\/\/[^\s<>"')]+/g;

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

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK_REGEX) ?? [])];
}

export function createMailService(db: Database, config: Config, log: FastifyBaseLogger): MailService {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(raw) {
      const message = { ...raw, subject: oneLine(raw.subject) };
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ subject: message.subject }, 'mail sent');
        return;
      }
      await db.insert(devMail).values({ ...message, html: message.html ?? null, links: extractLinks(message.text) });
      log.info({ to: message.to, subject: message.subject }, 'mail stored in the dev mailbox (no SMTP_URL)');
    },
    async devMailbox(to) {
      const rows = await db
        .select()
        .from(devMail)
        .where(to ? sql`lower(${devMail.to}) = ${to.trim().toLowerCase()}` : undefined)
        .orderBy(desc(devMail.id))
        .limit(100);
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        links: row.links,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
