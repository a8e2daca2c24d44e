// The banner at the top of a page (spec §2 Page banner): name, optional subtitle, optional
// breadcrumb trail (all but the last item linked) and optional store info with the spec's fallbacks.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './PageBanner.css';

export interface Breadcrumb {
  label: string;
  /** Where the crumb links; the last crumb is never linked (it is the current page). */
  to?: string;
}

export interface StoreInfo {
  address?: string;
  hours?: string;
  /** Shown as given, e.g. 120 or '500+'. */
  productCount?: number | string;
  categoryCount?: number | string;
  rating?: number;
  /** Distance and delivery fee; defined (even empty) only for a shopper who will see it, so it never shifts in. */
  delivery?: ReactNode;
}

export const STORE_INFO_FALLBACKS = {
  address: 'Address not available',
  hours: 'Open Now',
  productCount: '500+',
  categoryCount: '25+',
} as const;

export interface PageBannerProps {
  title: ReactNode;
  subtitle?: ReactNode;
  breadcrumbs?: Breadcrumb[];
  storeInfo?: StoreInfo;
  /** A logo or picture beside the title; it must carry its own width/height. */
  media?: ReactNode;
}

export function PageBanner({ title, subtitle, breadcrumbs, storeInfo, media }: PageBannerProps) {
  return (
    <header className="page-banner">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              return (
                <li key={`${index}-${crumb.label}`}>
                  {!last && crumb.to ? (
                    <Link to={crumb.to}>{crumb.label}</Link>
                  ) : (
                    <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      <div className="page-banner-main">
        {media}
        <div>
          <h1>{title}</h1>
          {subtitle && <p className="page-banner-subtitle">{subtitle}</p>}
        </div>
      </div>
      {storeInfo && <StoreInfoList info={storeInfo} />}
    </header>
  );
}

function StoreInfoList({ info }: { info: StoreInfo }) {
  const productCount = info.productCount ?? STORE_INFO_FALLBACKS.productCount;
  const categoryCount = info.categoryCount ?? STORE_INFO_FALLBACKS.categoryCount;
  return (
    // Focusable: on a phone the facts are one line that scrolls sideways, and keyboards must reach its end.
    <dl className="store-info" tabIndex={0}>
      <div>
        <dt>Address</dt>
        <dd>{info.address?.trim() || STORE_INFO_FALLBACKS.address}</dd>
      </div>
      <div>
        <dt>Hours</dt>
        <dd>{info.hours || STORE_INFO_FALLBACKS.hours}</dd>
      </div>
      {info.rating !== undefined && (
        <div>
          <dt>Rating</dt>
          <dd>
            <span aria-hidden="true">★ </span>
            {info.rating.toFixed(1)}
          </dd>
        </div>
      )}
      <div>
        <dt>Products</dt>
        <dd>{productCount}</dd>
      </div>
      <div>
        <dt>Categories</dt>
        <dd>{categoryCount}</dd>
      </div>
      {info.delivery !== undefined && (
        <div className="store-info-delivery">
          <dt>Delivery</dt>
          <dd>{info.delivery}</dd>
        </div>
      )}
    </dl>
  );
}
