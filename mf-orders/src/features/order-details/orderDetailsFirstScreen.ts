// Stands in for the order details page's first screen until its own lands: it draws nothing, so the page draws itself.
import type { FirstScreenModule } from '@grocer/shared/contracts';

export default { reads: () => null, draw: () => null } satisfies FirstScreenModule;
