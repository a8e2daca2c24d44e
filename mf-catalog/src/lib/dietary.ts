// The words shown for each dietary attribute, on badges and in the filters. Here, not in @grocer/shared:
// only the catalogue's pages show them, and everything @grocer/shared exports is on every first load.
import type { DietaryAttribute } from '@grocer/shared';

export const DIETARY_LABELS: Readonly<Record<DietaryAttribute, string>> = {
  'gluten-free': 'Gluten-free',
  organic: 'Organic',
  vegan: 'Vegan',
  'dairy-free': 'Dairy-free',
  'low-sodium': 'Low sodium',
  'sugar-free': 'Sugar-free',
  kosher: 'Kosher',
};
