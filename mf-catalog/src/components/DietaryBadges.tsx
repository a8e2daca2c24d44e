// What a product is (gluten-free, organic…) as small labelled badges: the words say it, the colour only
// groups them, so it reads alike without colour and to a screen reader (a labelled list).
import type { DietaryAttribute } from '@grocer/shared';
import { DIETARY_LABELS } from '../lib/dietary.ts';
import './DietaryBadges.css';

export function DietaryBadges({ attributes, className }: { attributes: readonly DietaryAttribute[] | undefined; className?: string }) {
  if (!attributes?.length) return null;
  return (
    <ul className={className ? `dietary-badges ${className}` : 'dietary-badges'} aria-label="Dietary">
      {attributes.map((a) => (
        <li key={a} className="dietary-badge" data-attribute={a}>
          {DIETARY_LABELS[a]}
        </li>
      ))}
    </ul>
  );
}
