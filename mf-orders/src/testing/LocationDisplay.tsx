// Renders the router's current URL so tests can assert where a control navigated.
import { useLocation } from 'react-router';

export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
