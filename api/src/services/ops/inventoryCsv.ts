// A store's inventory as CSV, out and in (decision 010). Export: every product of the store with the
// columns of OPS_CSV_COLUMNS; a text cell that a spreadsheet would run as a formula (= + - @ tab CR first)
// gets a leading apostrophe, so a product name like =HYPERLINK(…) is shown, never evaluated.
// Import: a file of price and stock changes, read with csv-parse, checked row by row against the store's
// own products (line numbers as the file counts them, 1 being the header); a preview changes nothing,
// and applying runs the same checks again and then every change in one transaction through
// inventory.applyEdits (audited as IMPORT), or nothing at all when any row is at fault.
import type { OpsInventoryImportResult } from '@grocer/shared/contracts';
import {
  OPS_CSV_COLUMNS,
  OPS_IMPORT_MAX_BYTES,
  OPS_IMPORT_MAX_ROWS,
  OPS_PRICE_MAX_CENTS,
  OPS_PRICE_MIN_CENTS,
  OPS_STOCK_MAX,
} from '@grocer/shared/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { productSize } from '../catalogue/unitPrice.ts';
import { dollarsText } from '../pricing.ts';
import type { OpsAccess, OpsCaller } from './access.ts';
import { editedValues, sameValues, valuesOf, type InventoryEdit, type InventoryService } from './inventory.ts';

const MAX_CELL = 2_000;

export const CSV_MESSAGES = {
  tooLarge: `The file is larger than ${OPS_IMPORT_MAX_BYTES / 1024 / 1024} MB. Export the inventory again and keep only the rows you change.`,
  tooManyRows: `The file has more than ${OPS_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it, or keep only the rows you change.`,
  utf16: 'The file is UTF-16 text. Save it as "CSV UTF-8" and try again.',
  notUtf8: 'The file is not UTF-8 text (it may be Latin-1 or Windows-1252). Save it as "CSV UTF-8" and try again.',
  notCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  empty: 'The file is empty: it needs a header row (uuid, price, stock) and a row per product.',
  header: (problem: string) =>
    `The header row ${problem}. It needs the columns uuid, price and stock (the export's other columns are ignored).`,
  columns: (expected: number, found: number) => `Expected ${expected} columns, found ${found}.`,
  unknownId: (id: string) => `Unknown product id "${id}" (not a product of this store).`,
  duplicate: (first: number) => `This product is already on line ${first}.`,
  price: (cell: string) => `Price "${cell}" is not a number of dollars such as 4.29.`,
  priceBounds: (cell: string) =>
    `Price "${cell}" is out of bounds: from ${dollarsText(OPS_PRICE_MIN_CENTS)} to ${dollarsText(OPS_PRICE_MAX_CENTS)}.`,
  stock: (cell: string) => `Stock "${cell}" is not a whole number.`,
  negativeStock: (cell: string) => `Stock "${cell}" is negative.`,
  stockBounds: (cell: string) => `Stock "${cell}" is out of bounds: at most ${OPS_STOCK_MAX.toLocaleString('en-US')}.`,
  refused: (count: number) => `The file has ${count} row error${count === 1 ? '' : 's'}; nothing was changed. Preview it to see them.`,
} as const;

const invalidCsv = (message: string) => httpError(400, 'INVALID_CSV', message);

/**
 * The body of an import as text: UTF-8 (a BOM is allowed), or a clear 400 INVALID_CSV. UTF-16 (with a BOM,
 * or the NUL bytes of one without) and bytes that are not UTF-8 (a Latin-1 export) are refused rather than
 * guessed, since a wrong guess would change product names silently.
 */
export function decodeCsvBody(body: Buffer): string {
  if (body.length > OPS_IMPORT_MAX_BYTES) throw httpError(413, 'PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff) || body.includes(0))
    throw invalidCsv(CSV_MESSAGES.utf16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw invalidCsv(CSV_MESSAGES.notUtf8);
  }
}

/** A cell a spreadsheet would read as a formula starts with an apostrophe instead. */
export const neutraliseFormula = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const PRICE = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/;
const WHOLE = /^\d{1,12}$/;

type Cell<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

/** Dollars ("4.29", "$4.29", "4") as cents; blank keeps the price. */
function priceCell(raw: string): Cell<number> {
  const cell = raw.trim();
  if (cell === '') return { ok: true, value: undefined };
  const match = PRICE.exec(cell);
  if (!match) return { ok: false, message: /^-\$?\d/.test(cell) ? CSV_MESSAGES.priceBounds(cell) : CSV_MESSAGES.price(cell) };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  if (cents < OPS_PRICE_MIN_CENTS || cents > OPS_PRICE_MAX_CENTS) return { ok: false, message: CSV_MESSAGES.priceBounds(cell) };
  return { ok: true, value: cents };
}

/** A whole count; blank keeps the count. */
function stockCell(raw: string): Cell<number> {
  const cell = raw.trim();
  if (cell === '') return { ok: true, value: undefined };
  if (/^-\d+$/.test(cell)) return { ok: false, message: CSV_MESSAGES.negativeStock(cell) };
  if (!WHOLE.test(cell)) return { ok: false, message: CSV_MESSAGES.stock(cell) };
  const count = Number(cell);
  if (count > OPS_STOCK_MAX) return { ok: false, message: CSV_MESSAGES.stockBounds(cell) };
  return { ok: true, value: count };
}

interface ImportRow {
  line: number;
  uuid: string;
  edit: InventoryEdit;
}

/** The file's rows as edits, and the rows at fault; a wrong header (or a file that is not CSV) is a 400 of its own. */
export function readImport(text: string): { rows: ImportRow[]; errors: OpsInventoryImportResult['errors'] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CELL * OPS_CSV_COLUMNS.length,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) throw invalidCsv(CSV_MESSAGES.notCsv(err.message));
    throw err;
  }
  if (records.length === 0) throw invalidCsv(CSV_MESSAGES.empty);
  if (records.length - 1 > OPS_IMPORT_MAX_ROWS) throw invalidCsv(CSV_MESSAGES.tooManyRows);
  const header = records[0]!.record.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(OPS_CSV_COLUMNS);
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length > 0) throw invalidCsv(CSV_MESSAGES.header(`has unknown columns (${unknown.slice(0, 3).join(', ')})`));
  if (new Set(header).size !== header.length) throw invalidCsv(CSV_MESSAGES.header('names a column twice'));
  const missing = ['uuid', 'price', 'stock'].filter((c) => !header.includes(c));
  if (missing.length > 0) throw invalidCsv(CSV_MESSAGES.header(`lacks ${missing.join(', ')}`));
  const at = { uuid: header.indexOf('uuid'), price: header.indexOf('price'), stock: header.indexOf('stock') };

  const rows: ImportRow[] = [];
  const errors: OpsInventoryImportResult['errors'] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    if (record.length !== header.length) {
      errors.push({ line, message: CSV_MESSAGES.columns(header.length, record.length) });
      continue;
    }
    const id = record[at.uuid]!.trim().toLowerCase();
    const price = priceCell(record[at.price]!);
    const stock = stockCell(record[at.stock]!);
    const problems = [price, stock].flatMap((c) => (c.ok ? [] : [c.message]));
    if (!isUuid(id)) problems.unshift(CSV_MESSAGES.unknownId(record[at.uuid]!.trim().slice(0, 60)));
    else if (seen.has(id)) problems.unshift(CSV_MESSAGES.duplicate(seen.get(id)!));
    else seen.set(id, line);
    if (problems.length > 0) {
      errors.push({ line, message: problems.join(' ') });
      continue;
    }
    const edit: InventoryEdit = {};
    if (price.ok && price.value !== undefined) edit.priceCents = price.value;
    if (stock.ok && stock.value !== undefined) edit.stockQuantity = stock.value;
    rows.push({ line, uuid: id, edit });
  }
  return { rows, errors };
}

export interface InventoryCsvService {
  /** The store's products by name as CSV (with the file name to save it as). */
  exportCsv(caller: OpsCaller, storeUuid: string): Promise<{ fileName: string; csv: string }>;
  /** What the file would change; changes nothing. */
  preview(caller: OpsCaller, storeUuid: string, text: string): Promise<OpsInventoryImportResult>;
  /** Applies the file in one transaction, or nothing (400 with the count of row errors). */
  apply(caller: OpsCaller, storeUuid: string, text: string): Promise<OpsInventoryImportResult>;
}

export function createInventoryCsvService({
  db,
  access,
  inventory,
}: {
  db: Database;
  access: OpsAccess;
  inventory: Pick<InventoryService, 'applyEdits'>;
}): InventoryCsvService {
  /** The file checked against the store's products as they are now. */
  async function judge(store: StoreRow, text: string) {
    const { rows, errors } = readImport(text);
    // The whole store at once: one read however long the file, and an id of another store is simply unknown.
    const mine = await db.select().from(products).where(eq(products.storeId, store.id));
    const byUuid = new Map(mine.map((p) => [p.uuid, p]));
    const changed: (OpsInventoryImportResult['changed'][number] & { id: number; edit: InventoryEdit })[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const product = byUuid.get(row.uuid);
      if (!product) {
        errors.push({ line: row.line, message: CSV_MESSAGES.unknownId(row.uuid) });
        continue;
      }
      const before = valuesOf(product);
      const after = editedValues(before, row.edit);
      if (sameValues(before, after)) unchanged += 1;
      else changed.push({ line: row.line, id: product.id, edit: row.edit, productUuid: product.uuid, name: product.name, before, after });
    }
    errors.sort((a, b) => a.line - b.line);
    return { changed, unchanged, errors };
  }

  const answer = (applied: boolean, judged: Awaited<ReturnType<typeof judge>>): OpsInventoryImportResult => ({
    applied,
    changed: judged.changed.map(({ id: _id, edit: _edit, ...change }) => change),
    unchanged: judged.unchanged,
    errors: judged.errors,
  });

  return {
    async exportCsv(caller, storeUuid) {
      const store = await access.store(caller, storeUuid);
      const rows = await db.select().from(products).where(eq(products.storeId, store.id)).orderBy(asc(products.name), asc(products.id));
      const cells = rows.map((p) => [
        p.uuid,
        p.itemKey,
        p.name,
        productSize(p.sizeMilli, p.sizeUnit).label,
        (p.priceCents / 100).toFixed(2),
        String(p.stockQuantity),
        String(p.isActive),
      ]);
      const csv = stringify([[...OPS_CSV_COLUMNS], ...cells.map((row) => row.map(neutraliseFormula))], { record_delimiter: '\r\n' });
      return { fileName: `${store.publicId}-inventory.csv`, csv };
    },

    async preview(caller, storeUuid, text) {
      const store = await access.store(caller, storeUuid);
      return answer(false, await judge(store, text));
    },

    async apply(caller, storeUuid, text) {
      const store = await access.store(caller, storeUuid);
      const judged = await judge(store, text);
      if (judged.errors.length > 0) throw httpError(400, 'VALIDATION_ERROR', CSV_MESSAGES.refused(judged.errors.length));
      // Each row's own fields only: a count left blank stays whatever it is when the transaction locks it.
      await inventory.applyEdits(caller, store, new Map(judged.changed.map((c) => [c.id, c.edit])), 'IMPORT');
      return answer(true, judged);
    },
  };
}
