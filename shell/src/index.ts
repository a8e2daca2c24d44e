// The stylesheet is part of the entry so the HTML links it up front and the layout paints before JS.
import './app/shell.css';
import type { FirstScreenModule } from '@grocer/shared/contracts';
import { keepEarlyClicks } from './app/earlyClicks.ts';
import { firstScreenRoute, readPageState } from './app/pageState.ts';
import { initRemotes, preloadRemoteModules, routeTableFor } from './app/remotes.ts';
import { firstPageRoute, LAYOUT_MODULES } from './app/routeTable.ts';
import { readStoredJson, STORAGE_KEYS } from '@grocer/shared/storage';

// The first page's data and a paint of its top by its remote's first screen, on the pages the browser
// draws early (firstData.ts: the cart, a shopper's order): there the shared libraries below wait for
// that paint (600 ms at most), so their 110 KB do not share the line with the answer, the page's
// largest paint. Any other page reads and paints nothing here, and loads none of that code: a page
// the server rendered hydrates, and the others draw themselves.
const screen = firstScreenRoute(window.location.pathname);
// A page the server rendered: its buttons' clicks wait for React (earlyClicks.ts).
if (readPageState('modules') !== undefined) keepEarlyClicks();
/** The remote's first screen and the shell's code that paints it, loaded side by side. */
function loadFirstScreen(route: NonNullable<typeof screen>) {
  const module = import(/* webpackIgnore: true */ route.firstScreen) as Promise<{ default: FirstScreenModule }>;
  // Met by startFirstData, unless its own chunk fails to load first.
  module.catch(() => undefined);
  return import('./app/firstData.ts').then((data) => data.startFirstData(route, module));
}
// Once the page's first frame (the layout and the page's placeholder) is painted: it waits for nothing else.
// A hidden tab paints no frame: it goes on after 100 ms.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
const firstData = screen && afterFirstPaint().then(() => loadFirstScreen(screen));

// The remotes (their routes, entries and the first screen's modules) start loading now, while the
// shared libraries below download, instead of after them: this file and its imports use no shared
// module. On a page the entry paints they wait for the paint (the painter reads what it needs of
// them itself), so their dozen files and origins do not share the line with the answer and the
// stylesheet; the libraries they run on wait for it anyway.
const painted = Promise.resolve(firstData).then((data) => data?.painted);
void painted.then(() => initRemotes()).then(() => preloadRemoteModules(LAYOUT_MODULES));
void painted
  .then(() => routeTableFor(window.location.pathname))
  .then((table) => {
    const page = firstPageRoute(table, window.location.pathname, readStoredJson(STORAGE_KEYS.user) !== null)?.id;
    if (page) preloadRemoteModules([page]);
  });

// Async boundary: shared singletons (React, the store...) are negotiated by Module Federation
// before any app code that imports them runs. Started from a task of its own: negotiating every
// shared library right after the federation runtime's own start made one long task of the two.
// The heaviest to start, React DOM and the shop's store and API (@grocer/shared, RTK Query's
// endpoints), each start in a task of their own before the bootstrap: together they were one.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void painted.then(async () => {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('@grocer/shared');
  await nextTask();
  await import('./bootstrap.tsx');
});
