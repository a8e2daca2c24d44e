// What a page put into the document's head through React 19's head elements, read back the way a
// crawler would: one shape for every remote's head tests.
export function pageHead() {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
  return {
    title: document.title,
    description: content('meta[name="description"]'),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    robots: content('meta[name="robots"]'),
  };
}

/** The JSON-LD blocks a page renders (they stay in the body, where React leaves scripts). */
export function jsonLd(container: HTMLElement) {
  return [...container.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
}
