// For the pages' `loadPageData` (@grocer/shared PageDataLoader): the shell awaits it before the
// visit's first page renders, so that render finds the page's answers in the cache.

/**
 * Waits until every started query has answered or failed, then lets go of them: their answers stay
 * in the cache (keepUnusedDataFor) for the page that subscribes next, which renders them at once.
 */
export async function settleQueries(started: ReadonlyArray<PromiseLike<unknown> & { unsubscribe(): void }>): Promise<void> {
  try {
    await Promise.allSettled(started);
  } finally {
    for (const query of started) query.unsubscribe();
  }
}
