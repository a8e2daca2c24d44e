// Header Stores dropdown (spec §2 Layout): every store, linking to /store/{publicId}, the current
// one ticked; it closes 300 ms after the pointer leaves, on Escape (focus back on the button), on a
// click or focus outside, and on navigation.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useMatch } from 'react-router';
import { CONSTANTS, paths, routePatterns, useTimers } from '@grocer/shared';
import { useCatalogStoresQuery, usePrefetch } from '../../lib/storesApi.ts';
import './StoresMenu.css';

export default function StoresMenu() {
  const location = useLocation();
  // The current store is read from the URL, never stored: leaving the store (e.g. Home) clears it.
  const storeMatch = useMatch(routePatterns.store);
  const categoryMatch = useMatch(routePatterns.storeCategory);
  const currentPublicId = storeMatch?.params.pathName ?? categoryMatch?.params.pathName;

  // Open only for the location it was opened at: any navigation closes it, with no effect needed.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);

  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { schedule, clearAll } = useTimers();
  const prefetchStores = usePrefetch('catalogStores');
  const { data: stores, isError, refetch } = useCatalogStoresQuery(undefined, { skip: !open });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      ref={rootRef}
      className="stores-menu"
      onKeyDown={onKeyDown}
      onPointerEnter={() => {
        clearAll();
        // The list is usually ready by the time the button is clicked.
        prefetchStores();
      }}
      onPointerLeave={(event) => {
        // Touch pointers "leave" right after every tap; only a mouse leaving means the shopper moved away.
        if (open && event.pointerType === 'mouse') schedule(close, CONSTANTS.DROPDOWN_CLOSE_MS);
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="stores-menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onFocus={() => prefetchStores()}
        onClick={() => {
          clearAll();
          setOpenAt(open ? null : location.key);
        }}
      >
        Stores
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" />
        </svg>
      </button>
      <div id={listId} className="stores-menu-panel" hidden={!open}>
        {stores ? (
          stores.length > 0 ? (
            <ul>
              {stores.map((store) => {
                const current = store.publicId === currentPublicId;
                return (
                  <li key={store.uuid}>
                    <Link to={paths.store(store.publicId)} aria-current={current ? 'true' : undefined}>
                      <span className="stores-menu-check" aria-hidden="true">
                        {current ? '✓' : ''}
                      </span>
                      {store.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="stores-menu-note">No stores available.</p>
          )
        ) : isError ? (
          <div className="stores-menu-note" role="alert">
            <p>Failed to fetch stores</p>
            <button type="button" className="btn btn-outline" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="stores-menu-note" role="status">
            Loading stores…
          </p>
        )}
      </div>
    </div>
  );
}
