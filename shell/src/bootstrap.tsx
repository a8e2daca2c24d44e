import { hydrate } from './app/hydrate.tsx';
import { readPageState } from './app/pageState.ts';
import { loadRouteTable } from './app/remotes.ts';
import { startVitals } from './app/vitals.ts';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const { pathname } = window.location;
  const rendered = readPageState('modules');
  if (Array.isArray(rendered)) await hydrate(container, rendered as string[]);
  // Only a page the browser draws itself loads that code: most pages come rendered.
  else await (await import('./app/render.tsx')).render(container);
  // A sampled share of page loads reports its Core Web Vitals, once the page has settled.
  startVitals({ pathname, remotePatterns: async () => (await loadRouteTable()).routes.map((route) => route.path) });
}

void start();
