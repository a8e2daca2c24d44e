// One term/value pair of a description list (`<dl>`): every order fact, reference and amount on the
// order pages is one of these, so they read the same to a screen reader and share one style.
import type { ReactNode } from 'react';

export function Fact({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
