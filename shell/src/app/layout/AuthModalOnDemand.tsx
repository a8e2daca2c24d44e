// The account remote's auth modal is mounted on the first request to open it, not on every page
// load: a visitor who never signs in never downloads it, and the first load of / is lighter.
// The bus holds an 'auth:open-modal' that nobody handles until its first handler subscribes
// (@grocer/shared events/bus.ts), so the request that mounts the modal is handed back to it.
import { useEffect, useState } from 'react';
import { events, type EventMap } from '@grocer/shared';
import { RemoteModule } from '../../components/RemoteModule.tsx';

export function AuthModalOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    let request: EventMap['auth:open-modal'] | undefined;
    // A request the bus held is handed over inside on(), before on() has returned its unsubscribe.
    const subscription: { off?: () => void } = {};
    // Step aside, then ask again: with no handler the bus holds the request until the modal subscribes.
    const handBack = () => {
      subscription.off!();
      events.emit('auth:open-modal', request!);
      setWanted(true);
    };
    subscription.off = events.on('auth:open-modal', (asked) => {
      if (request) return;
      request = asked;
      if (subscription.off) handBack();
    });
    if (request) handBack();
    return () => subscription.off!();
  }, [wanted]);
  return wanted ? <RemoteModule id="account/AuthModal" /> : null;
}
