// Turns a shopper's query into tsquery text for the products' search_vector (see db/schema/catalogue.ts).
// Only [a-z0-9] survives in a token, so tsquery operators, LIKE wildcards and SQL in the query are
// just text that matches nothing special; the result is always passed as a bound parameter.

/** More words than this add nothing a shopper would notice and only slow the match. */
const MAX_TOKENS = 8;

export function searchTokens(query: string): string[] {
  const words = query
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TOKENS);
}

export interface SearchQueries {
  /** Every word starts a word of the name, category or store: `choc:* & milk:*` (the filter). */
  any: string;
  /** Every word starts a word of the name: `choc:*A & milk:*A`. */
  allInName: string;
  /** Every word is a whole word of the name: `choc:A & milk:A`. */
  wholeInName: string;
  /** Each word on its own, as a name prefix: `choc:*A`, `milk:*A` (to count name matches). */
  eachInName: string[];
  /** The first word, for "the name starts with it". */
  first: string;
}

export function searchQueries(tokens: string[]): SearchQueries {
  return {
    any: tokens.map((t) => `${t}:*`).join(' & '),
    allInName: tokens.map((t) => `${t}:*A`).join(' & '),
    wholeInName: tokens.map((t) => `${t}:A`).join(' & '),
    eachInName: tokens.map((t) => `${t}:*A`),
    first: tokens[0] ?? '',
  };
}
