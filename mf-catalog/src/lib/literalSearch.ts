// "Search instead for chiken": after the search read a typo as a catalogue word, the shopper may ask for
// the words as typed. The URL says so with `literal=1` (the API's `literal=true`). A file of its own, and
// tiny: the header search box (on every page's first load) links to it too.

const LITERAL = 'literal';

/** A search path (`paths.search(...)`, which always has a query) that asks for the words as typed. */
export const literalPath = (searchPath: string) => `${searchPath}&${LITERAL}=1`;

/** Whether the search page's URL asks for the words as typed. */
export const readLiteral = (params: URLSearchParams) => params.get(LITERAL) === '1';
