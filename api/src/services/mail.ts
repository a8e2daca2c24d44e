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

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK_REGEX) ?? [])];
}

export function createMailService(db: Database, config: Config, log: FastifyBaseLogger): MailService {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(message) {
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
