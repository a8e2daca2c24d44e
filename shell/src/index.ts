// The stylesheet is part of the entry so the HTML links it up front and the layout paints before JS.
import './app/shell.css';
import { preconnectToApi } from './app/config.ts';
import { startFirstData } from './app/firstData.ts';
import { initRemotes, preloadRemoteModules, routeTableFor } from './app/remotes.ts';
import { firstPageModule, LAYOUT_MODULES } from './app/routeTable.ts';
import { readStored, USER_STORAGE_KEY } from './app/storedState.ts';

// The remotes (their entries and the first screen's modules) start loading now, while the shared
// libraries below download, instead of after them: this file and its imports use no shared module.
// The layout's widgets go first; the page's module as soon as the remotes' routes say who owns it.
// The same goes for the API: its connections open as soon as /config.json says where it is.
void initRemotes()
  .then(() => {
    preloadRemoteModules(LAYOUT_MODULES);
    return routeTableFor(window.location.pathname);
  })
  .then((table) => {
    const page = firstPageModule(table, window.location.pathname, readStored(USER_STORAGE_KEY) !== null);
    if (page) preloadRemoteModules([page]);
  });
void preconnectToApi();
// And the first page's data, its largest picture and a paint of its top when it waits on the API
// (firstData.ts): on such a page the shared libraries below wait for that paint (600 ms at most),
// so their 110 KB do not share the line with the answer and the picture, the page's largest paint.
const firstData = startFirstData();

// Async boundary: shared singletons (React, the store...) are negotiated by Module Federation
// before any app code that imports them runs. Started from a task of its own: negotiating every
// shared library right after the federation runtime's own start made one long task of the two.
void firstData.then(({ painted }) => painted).then(() => setTimeout(() => void import('./bootstrap.tsx'), 0));
