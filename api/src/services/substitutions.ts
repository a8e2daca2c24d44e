// Substitution preferences: a cart line's 'If out of stock' choice. The server checks a named
// replacement (same store, same category, active, not the product itself) wherever one comes in:
// when a shopper saves a preference and when an order is placed. An order's lines keep the choice
// (the pick list and the store's mail read it) and placing an order remembers it per product.
import type { Substitution, SubstitutionChoice, SubstitutionPreference } from '@grocer/shared/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { products, stores, substitutionPreferences } from '../db/schema.ts';
import { httpError } from '../db/errors.ts';
import { isUuid } from './catalogue/catalogueService.ts';

/** A remembered preference list is short; this bounds the answer whatever a shopper has done. */
export const MAX_PREFERENCES = 500;

export const SUBSTITUTION_MESSAGES = {
  productNotFound: 'Product not found',
  substituteRequired: 'Choose the product to use instead',
  substituteNotAllowed: 'Only a specific replacement names a product',
  substituteInvalid: 'The replacement must be another product of the same store and category',
} as const;

/** One line's choice as the client sends it (product uuids). */
export interface SubstitutionInput {
  productId: string;
  substitution?: SubstitutionChoice;
  substituteProductId?: string | null;
}

/** A checked choice, with database ids, ready for order_lines and substitution_preferences. */
export interface ResolvedSubstitution {
  choice: SubstitutionChoice;
  substituteProductId: number | null;
  substitute: { uuid: string; name: string } | null;
}

export const BEST_MATCH: ResolvedSubstitution = { choice: 'BEST_MATCH', substituteProductId: null, substitute: null };

export function toSubstitution(r: Pick<ResolvedSubstitution, 'choice' | 'substitute'>): Substitution {
  return r.choice === 'SPECIFIC' && r.substitute
    ? { choice: 'SPECIFIC', substitute: r.substitute }
    : { choice: r.choice, substitute: null };
}

const invalid = (message: string, field: string) => httpError(400, 'VALIDATION_ERROR', message, field);

/**
 * Checks each line's choice; lines of unknown products are left to the caller (pricing refuses
 * them). Throws 400 VALIDATION_ERROR naming the line for a replacement that breaks a rule.
 */
export async function resolveSubstitutions(
  db: Database,
  lines: SubstitutionInput[],
  fieldOf: (index: number) => string = (i) => `items.${i}.substituteProductId`,
): Promise<Map<string, ResolvedSubstitution>> {
  const resolved = new Map<string, ResolvedSubstitution>();
  const specific = lines.filter((l) => l.substitution === 'SPECIFIC');
  lines.forEach((line, i) => {
    const choice = line.substitution ?? 'BEST_MATCH';
    if (choice !== 'SPECIFIC' && line.substituteProductId) throw invalid(SUBSTITUTION_MESSAGES.substituteNotAllowed, fieldOf(i));
    if (choice === 'SPECIFIC' && !line.substituteProductId) throw invalid(SUBSTITUTION_MESSAGES.substituteRequired, fieldOf(i));
    if (choice !== 'SPECIFIC') resolved.set(line.productId.toLowerCase(), { choice, substituteProductId: null, substitute: null });
  });
  if (specific.length === 0) return resolved;

  const uuids = [
    ...new Set(
      specific
        .flatMap((l) => [l.productId, l.substituteProductId!])
        .filter(isUuid)
        .map((u) => u.toLowerCase()),
    ),
  ];
  const rows =
    uuids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            uuid: products.uuid,
            name: products.name,
            storeId: products.storeId,
            categoryId: products.categoryId,
            isActive: products.isActive,
          })
          .from(products)
          .where(inArray(products.uuid, uuids));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  lines.forEach((line, i) => {
    if (line.substitution !== 'SPECIFIC') return;
    const product = byUuid.get(line.productId.toLowerCase());
    if (!product) return;
    const substitute = byUuid.get(line.substituteProductId!.toLowerCase());
    const allowed =
      substitute !== undefined &&
      substitute.id !== product.id &&
      substitute.isActive &&
      substitute.storeId === product.storeId &&
      substitute.categoryId === product.categoryId;
    if (!allowed) throw invalid(SUBSTITUTION_MESSAGES.substituteInvalid, fieldOf(i));
    resolved.set(product.uuid, {
      choice: 'SPECIFIC',
      substituteProductId: substitute.id,
      substitute: { uuid: substitute.uuid, name: substitute.name },
    });
  });
  return resolved;
}

/** The named replacements of some order lines, by product id: for reading orders back and for the store's mail. */
export type SubstituteNames = Map<number, { uuid: string; name: string; storeUuid: string }>;

export async function substituteNames(db: Database, lines: { substituteProductId: number | null }[]): Promise<SubstituteNames> {
  const ids = [...new Set(lines.flatMap((l) => (l.substituteProductId === null ? [] : [l.substituteProductId])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, uuid: products.uuid, name: products.name, storeUuid: stores.uuid })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, { uuid: r.uuid, name: r.name, storeUuid: r.storeUuid }]));
}

/** An order line's choice as the shopper and the store see it. */
export function lineSubstitution(
  line: { substitution: SubstitutionChoice; substituteProductId: number | null; storeUuid: string },
  names: SubstituteNames,
): Substitution {
  const found = line.substituteProductId === null ? undefined : names.get(line.substituteProductId);
  // Product ids restart when the catalogue is rebuilt (seed/seedCatalogue.ts): an id now naming another store's product is not the one chosen.
  const substitute = found && found.storeUuid === line.storeUuid ? { uuid: found.uuid, name: found.name } : null;
  // A SPECIFIC line whose replacement was deleted since falls back to what the store would do anyway.
  if (line.substitution === 'SPECIFIC' && !substitute) return { choice: 'BEST_MATCH', substitute: null };
  return toSubstitution({ choice: line.substitution, substitute });
}

/**
 * Remembers choices (latest wins), from `chosen`: a relation `c (uuid, choice, substitute)` of product uuids,
 * choices and replacement ids. The products' ids are looked up by uuid inside it (a product gone since is
 * skipped). Placing an order writes it inside its own statement (place.ts).
 */
export function rememberChoicesSql(user: SQL, chosen: SQL): SQL {
  return sql`
    insert into ${substitutionPreferences} (user_id, product_id, choice, substitute_product_id, updated_at)
    select ${user}::uuid, p.id, c.choice, c.substitute, now()
    from ${chosen} join ${products} p on p.uuid = c.uuid
    on conflict (user_id, product_id) do update
    set choice = excluded.choice, substitute_product_id = excluded.substitute_product_id, updated_at = excluded.updated_at`;
}

/** Remembers the choices of some lines (latest wins). */
export async function rememberSubstitutions(
  db: Database,
  userUuid: string,
  lines: { productUuid: string; resolved: ResolvedSubstitution }[],
): Promise<void> {
  if (lines.length === 0) return;
  const chosen = sql.join(
    lines.map((l) => sql`(${l.productUuid}::uuid, ${l.resolved.choice}, ${l.resolved.substituteProductId}::int)`),
    sql`, `,
  );
  await db.execute(rememberChoicesSql(sql`${userUuid}`, sql`(values ${chosen}) c (uuid, choice, substitute)`));
}

export interface SubstitutionsService {
  /** The shopper's remembered choices, most recently changed first. */
  list(userUuid: string): Promise<SubstitutionPreference[]>;
  /** Saves one choice (404 for an unknown product, 400 for a replacement that breaks a rule). */
  save(
    userUuid: string,
    productUuid: string,
    choice: SubstitutionChoice,
    substituteProductId: string | null,
  ): Promise<SubstitutionPreference>;
}

export function createSubstitutionsService(db: Database): SubstitutionsService {
  const substitute = alias(products, 'substitute');
  return {
    async list(userUuid) {
      const rows = await db
        .select({
          productUuid: products.uuid,
          choice: substitutionPreferences.choice,
          substituteUuid: substitute.uuid,
          substituteName: substitute.name,
        })
        .from(substitutionPreferences)
        .innerJoin(products, eq(products.id, substitutionPreferences.productId))
        .leftJoin(substitute, eq(substitute.id, substitutionPreferences.substituteProductId))
        .where(eq(substitutionPreferences.userId, userUuid))
        .orderBy(desc(substitutionPreferences.updatedAt))
        .limit(MAX_PREFERENCES);
      return rows.map((r) => ({
        productId: r.productUuid,
        ...toSubstitution({
          choice: r.choice,
          substitute: r.substituteUuid && r.substituteName ? { uuid: r.substituteUuid, name: r.substituteName } : null,
        }),
      }));
    },

    async save(userUuid, productUuid, choice, substituteProductId) {
      const [product] = isUuid(productUuid)
        ? await db
            .select({ uuid: products.uuid })
            .from(products)
            .where(and(eq(products.uuid, productUuid.toLowerCase()), eq(products.isActive, true)))
        : [];
      if (!product) throw httpError(404, 'NOT_FOUND', SUBSTITUTION_MESSAGES.productNotFound);
      const resolved = await resolveSubstitutions(
        db,
        [{ productId: product.uuid, substitution: choice, substituteProductId }],
        () => 'substituteProductId',
      );
      const r = resolved.get(product.uuid)!;
      await rememberSubstitutions(db, userUuid, [{ productUuid: product.uuid, resolved: r }]);
      return { productId: product.uuid, ...toSubstitution(r) };
    },
  };
}
