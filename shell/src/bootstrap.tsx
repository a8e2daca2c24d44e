import { createRoot } from 'react-dom/client';
import { loadPersistedState, loadRuntimeConfig, makeStore, startPersistence } from '@grocer/shared';
import { App } from './app/App.tsx';
import { initRemotes } from './app/remotes.ts';

async function start() {
  // Both documents are preloaded by index.html; neither blocks the other.
  await Promise.all([loadRuntimeConfig(), initRemotes()]);
  const store = makeStore(loadPersistedState(window.localStorage));
  startPersistence(store, window.localStorage, window);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(<App store={store} />);
}

void start();
