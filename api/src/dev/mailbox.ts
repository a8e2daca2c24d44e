// The dev mailbox: without SMTP_URL, mail the API sends is kept in the dev_mail table and listed at
// GET /dev/mailbox, so local runs, tests and e2e can follow the links in it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../db/client.ts';
import { devMail } from '../db/schema.ts';
import { errorResponses } from '../db/errors.ts';
import type { MailTransport } from '../services/mail.ts';

const LINK_REGEX = /https?:\/\/[^\s<>"')]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(LINK_REGEX) ?? [])];
}

/** The mail transport the stand-ins supply in place of SMTP. */
export function mailboxTransport(db: Database, log: FastifyBaseLogger): MailTransport {
  return async (message) => {
    await db.insert(devMail).values({ ...message, html: message.html ?? null, links: extractLinks(message.text) });
    log.info({ to: message.to, subject: message.subject }, 'mail stored in the dev mailbox (no SMTP_URL)');
  };
}

const MailSchema = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Optional(Type.String()),
  links: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

export const mailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail the API sent (no SMTP_URL), newest first',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) }),
        response: { 200: Type.Array(MailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { to } = request.query;
      // `to` matches case-insensitively.
      const rows = await app.db
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
  );
};
