// Renders the router's current URL (and whether it carries a new-order flag) so tests can assert navigation.
import { useLocation } from 'react-router';

export function LocationDisplay() {
  const location = useLocation();
  const state = location.state as { newOrder?: boolean } | null;
  return (
    <output data-testid="location" data-new-order={state?.newOrder ? 'true' : undefined}>{`${location.pathname}${location.search}`}</output>
  );
}
