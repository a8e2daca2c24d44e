import { useId } from 'react';
import { formatUsDate, isEmailVerified, type User } from '@grocer/shared';
import { Avatar } from '../../components/Avatar.tsx';
import { BetaBadges } from '../../components/BetaBadges.tsx';
import { displayName, hasName } from '../../lib/userDisplay.ts';

export function ProfileOverview({ user }: { user: User }) {
  const headingId = useId();
  const verified = isEmailVerified(user);
  return (
    <section className="card account-card profile-overview" aria-labelledby={headingId}>
      <h2 id={headingId}>Profile</h2>
      <div className="profile-identity">
        <Avatar user={user} size="large" />
        <div>
          <p className="profile-name">{hasName(user) ? displayName(user) : <span className="profile-no-name">Name not added yet</span>}</p>
          <p className="profile-email">{user.email}</p>
        </div>
      </div>
      <ul className="profile-badges" aria-label="Account status">
        <li>
          <span className={`badge ${verified ? 'badge-ok' : 'badge-warn'}`}>{verified ? 'Email verified' : 'Email not verified'}</span>
        </li>
        {user.roleName?.toUpperCase() === 'ADMIN' && (
          <li>
            <span className="badge">Admin</span>
          </li>
        )}
        <li>
          <BetaBadges user={user} />
        </li>
      </ul>
      <dl className="profile-facts">
        <dt>Sign-in method</dt>
        <dd>{user.authMethod === 'google' ? 'Google' : 'Email and password'}</dd>
        {user.createdAt && (
          <>
            <dt>Member since</dt>
            <dd>{formatUsDate(user.createdAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
