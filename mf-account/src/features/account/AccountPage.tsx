// /account (spec §2 Account): profile overview, quick actions (order history, favourites toggle,
// 'Notification Settings' coming soon), delivery address, beta access and the favourites grid.
// The profile is fetched on every visit and merged into the signed-in user; the address form waits
// for it so it starts from the server's address.
import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import { OPS_STAFF_ACCOUNT_PAGE } from '@grocer/shared/contracts';
import { events, Notice, selectFavourites, selectUser, useAppSelector, useSessionProfileQuery, type User } from '@grocer/shared';
import { useAccountSaveAddressMutation } from '../../lib/accountApi.ts';
import { AddressForm, SAVE_ADDRESS_KEY } from './AddressForm.tsx';
import { AddressStatus } from './AddressStatus.tsx';
import { BetaAccess } from './BetaAccess.tsx';
import { BuyAgainSection } from './BuyAgainSection.tsx';
import { FavouritesSection } from './FavouritesSection.tsx';
import { ProfileOverview } from './ProfileOverview.tsx';
import { QuickActions } from './QuickActions.tsx';
import './AccountPage.css';
import { PageHead } from '@grocer/shared/head';

export const PROFILE_FAILED = 'Failed to fetch user profile';

function AccountPageBody() {
  const user = useAppSelector(selectUser);
  // The shell's guard keeps visitors out; the stand-alone harness has no guard.
  if (!user) {
    return (
      <section className="page account-page">
        <h1>My Account</h1>
        <p>Please sign in to view your account.</p>
        <button type="button" className="btn btn-primary" onClick={() => events.emit('auth:open-modal', { mode: 'signin' })}>
          Sign In
        </button>
      </section>
    );
  }
  // Staff keep their account on the store side (name, store, password): their Account opens it there.
  if (user.roleName?.toUpperCase() === 'STORE_STAFF') return <Navigate to={OPS_STAFF_ACCOUNT_PAGE} replace />;
  return <Account user={user} />;
}

function Account({ user }: { user: User }) {
  const profile = useSessionProfileQuery(user.uuid, { refetchOnMountOrArgChange: true });
  // The last save's answer is newer than the profile read on opening: it says whether the ZIP fits.
  const [, { data: saved }] = useAccountSaveAddressMutation({ fixedCacheKey: SAVE_ADDRESS_KEY });
  const favouriteCount = useAppSelector(selectFavourites).length;
  const [showFavourites, setShowFavourites] = useState(false);
  const favouritesId = useId();
  const addressHeadingId = useId();

  return (
    <div className="page account-page">
      <h1>My Account</h1>
      {profile.isError && <Notice kind="error">{PROFILE_FAILED}</Notice>}
      <div className="account-top">
        <ProfileOverview user={user} />
        <QuickActions
          favouritesId={favouritesId}
          favouriteCount={favouriteCount}
          showFavourites={showFavourites}
          onToggleFavourites={() => setShowFavourites((shown) => !shown)}
        />
      </div>
      {/* Right under the toggle, so showing favourites never scrolls them out of sight. */}
      <FavouritesSection id={favouritesId} hidden={!showFavourites} />
      <section className="card account-card" aria-labelledby={addressHeadingId}>
        <h2 id={addressHeadingId}>Delivery Address</h2>
        <AddressStatus user={user} mismatch={saved?.addressMismatch ?? profile.data?.addressMismatch ?? null} />
        {profile.isLoading ? (
          <p role="status">Loading your delivery address...</p>
        ) : (
          <AddressForm key={user.uuid} user={user} mismatch={saved?.addressMismatch ?? profile.data?.addressMismatch ?? null} />
        )}
      </section>
      <BuyAgainSection userUuid={user.uuid} />
      <BetaAccess user={user} />
    </div>
  );
}

/** The page with its own head (React hoists it into <head>) whichever state the body is in. */
export default function AccountPage() {
  return (
    <>
      <PageHead title="My account" noindex />
      <AccountPageBody />
    </>
  );
}
