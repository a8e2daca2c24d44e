import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { events, type EventMap } from '@grocer/shared';

// The account remote's module: a stand-in that subscribes on mount as the real AuthModal does.
const loaded: string[] = [];
function FakeAuthModal() {
  const [mode, setMode] = useState<string | null>(null);
  useEffect(() => events.on('auth:open-modal', ({ mode: asked }) => setMode(asked)), []);
  return mode ? <p>auth modal: {mode}</p> : null;
}
jest.mock('../remotes.ts', () => ({
  loadRemoteModule: jest.fn(async (id: string) => {
    loaded.push(id);
    return { default: FakeAuthModal };
  }),
}));

import { AuthModalOnDemand } from './AuthModalOnDemand.tsx';

const ask = (mode: EventMap['auth:open-modal']['mode']) => act(() => events.emit('auth:open-modal', { mode }));

beforeEach(() => {
  loaded.length = 0;
});

it('loads nothing until the modal is asked for, then hands that request to it', async () => {
  const { unmount } = render(<AuthModalOnDemand />);
  await act(async () => {});
  expect(loaded).toEqual([]);

  ask('signup');
  expect(await screen.findByText('auth modal: signup')).toBeInTheDocument();
  expect(loaded).toEqual(['account/AuthModal']);
  // Later requests reach the mounted modal directly.
  ask('signin');
  expect(await screen.findByText('auth modal: signin')).toBeInTheDocument();
  expect(loaded).toHaveLength(1);
  unmount();
});

it('takes a request made before it was mounted (held by the bus) and hands it on', async () => {
  ask('reset');
  const { unmount } = render(<AuthModalOnDemand />);
  expect(await screen.findByText('auth modal: reset')).toBeInTheDocument();
  expect(loaded).toEqual(['account/AuthModal']);
  unmount();
});
