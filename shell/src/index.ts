// The stylesheet is part of the entry so the HTML links it up front and the layout paints before JS.
import './app/shell.css';
import { initRemotes, preloadRemoteModules } from './app/remotes.ts';
import { firstScreenModules } from './app/routeTable.ts';

// The remotes (their entries and the first screen's modules) start loading now, while the shared
// libraries below download, instead of after them: this file and both imports use no shared module.
void initRemotes().then(() => preloadRemoteModules(firstScreenModules(window.location.pathname)));

// Async boundary: shared singletons (React, the store...) are negotiated by Module Federation
// before any app code that imports them runs.
import('./bootstrap.tsx');
