// The page's one h1, with an optional line under it. Releases change a page's heading here
// (`heading="..."`), so keep the text a literal prop at the call site.
import type { ReactNode } from 'react';
import './cartCheckout.css';

export function PageHeader({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{heading}</h1>
      {children && <p className="page-header-sub">{children}</p>}
    </div>
  );
}
