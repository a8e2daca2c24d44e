// An in-memory index read from the database and refreshed in the background: the search's index and the
// shelves' index (searchIndex.ts, shelfIndex.ts) are both kept this way.

/** How long the search's in-memory index serves before it is read again (see searchIndex()). */
export const SEARCH_INDEX_MAX_AGE_MS = 5 * 60_000;

export interface Loaded<T> {
  value: T;
  /** The cache generation when the load started: an invalidation after that makes it out of date. */
  generation: number;
  loadedAt: number;
}

/**
 * An in-memory index read from the database: loaded on first use, then reloaded in the background (one
 * load at a time, the last one serving meanwhile) after an invalidation, once it is
 * SEARCH_INDEX_MAX_AGE_MS old (for what other processes changed), or when a reader found it stale.
 */
export function backgroundIndex<T>(load: () => Promise<T>, generation: () => number) {
  let ready: Loaded<T> | undefined;
  let loading: Promise<Loaded<T>> | undefined;
  let stale = false;
  function reload(): Promise<Loaded<T>> {
    if (loading) return loading;
    const started = { generation: generation(), loadedAt: Date.now() };
    stale = false;
    const value = load().then((v) => (ready = { value: v, ...started }));
    loading = value;
    const done = () => {
      if (loading === value) loading = undefined;
    };
    value.then(done, done);
    return value;
  }
  /** The last index loaded, a reload started if it is out of date; undefined until the first load is in. */
  function peek(): Loaded<T> | undefined {
    if (!ready || stale || ready.generation !== generation() || Date.now() - ready.loadedAt > SEARCH_INDEX_MAX_AGE_MS)
      reload().catch(() => undefined);
    return ready;
  }
  return {
    peek,
    /** The last index loaded, or the first load waited for. */
    async get(): Promise<T> {
      return (peek() ?? (await reload())).value;
    },
    /** A reader saw a change the index does not hold: load it again. */
    markStale() {
      stale = true;
    },
  };
}
