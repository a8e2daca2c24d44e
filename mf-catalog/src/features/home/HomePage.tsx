// Home (spec §2): the banner and the 'Our Stores' grid, paged on the client by 6.
// "On entry any currently selected store is cleared": the current store is never stored, it is
// read from the URL (useMatch on the store routes, see StoresMenu), so on / there simply is none.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture, CONSTANTS, paths, type Store } from '@grocer/shared';
import { ErrorMessage, LoadingMessage, SkeletonGrid } from '../../components/StatusMessage.tsx';
import { Pager } from '../../components/Pager.tsx';
import { DeliveryFeeSlot, useFeeAddress } from '../../components/DeliveryFeeSlot.tsx';
import { useCatalogStoresQuery } from '../../lib/storesApi.ts';
import { HomeBanner } from './HomeBanner.tsx';
import './HomePage.css';

const PAGE_SIZE = CONSTANTS.HOME_STORE_PAGE_SIZE;
export const STORE_LOGO_SIZE = 72;

export default function HomePage() {
  const { data: stores, isError, refetch } = useCatalogStoresQuery();
  const feeAddress = useFeeAddress();
  const [page, setPage] = useState(1);
  const totalPages = stores ? Math.ceil(stores.length / PAGE_SIZE) : 0;
  // The list can shrink between visits (cached): never show a page past the end.
  const currentPage = Math.min(page, Math.max(1, totalPages));
  const visible = stores?.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE) ?? [];

  let content;
  if (stores) {
    content =
      stores.length === 0 ? (
        <p className="home-empty">No stores are available right now.</p>
      ) : (
        <ul className="store-grid">
          {visible.map((store) => (
            <li key={store.uuid}>
              <StoreCard
                store={store}
                fee={feeAddress && <DeliveryFeeSlot storeUuid={store.uuid} storeUuids={visible.map((s) => s.uuid)} address={feeAddress} />}
              />
            </li>
          ))}
        </ul>
      );
  } else if (isError) {
    content = <ErrorMessage message="Failed to fetch stores" onRetry={() => void refetch()} />;
  } else {
    content = (
      <>
        <LoadingMessage label="Loading stores" />
        <StoreGridSkeleton />
      </>
    );
  }

  return (
    <div className="page home-page">
      {/* Written out, not through @grocer/shared/head: this page is on the first load of /, where every byte
          counts. Its title is the document's own (shell/rspack.config.ts), which every page's <title> goes before. */}
      <meta name="description" content="Shop several local grocery stores in one cart, pay once, get each store's part delivered." />
      <HomeBanner />
      <section className="home-stores" aria-labelledby="home-stores-heading" aria-busy={!stores && !isError}>
        <h2 id="home-stores-heading">Our Stores</h2>
        {content}
        <Pager label="Store pages" currentPage={currentPage} totalPages={totalPages} onPageChange={setPage} />
      </section>
    </div>
  );
}

function StoreCard({ store, fee }: { store: Store; fee: ReactNode }) {
  return (
    <article className="store-card">
      {/* The name is printed beside the logo. */}
      <Picture src={store.logo} size={STORE_LOGO_SIZE} load="eager" />
      <div className="store-card-body">
        <h3>{store.name}</h3>
        <address>
          <span>{store.address1}</span>
          {store.address2 && <span>{store.address2}</span>}
        </address>
        {fee && <p className="store-card-fee">{fee}</p>}
      </div>
      <Link className="btn btn-primary store-card-link" to={paths.store(store.publicId)}>
        Shop Now<span className="visually-hidden"> at {store.name}</span>
      </Link>
    </article>
  );
}

const SKELETON_CLASSES = {
  grid: 'store-grid',
  card: 'store-card store-card-placeholder',
  media: 'store-card-logo-placeholder',
  body: 'store-card-body',
};

function StoreGridSkeleton() {
  return <SkeletonGrid count={PAGE_SIZE} classes={SKELETON_CLASSES} testId="store-placeholders" />;
}
