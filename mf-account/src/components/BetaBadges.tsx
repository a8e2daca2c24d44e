// Spec §1: beta flags only show badges and a status line; they never decide checkout.
import type { User } from '@grocer/shared';
import './badges.css';

type BetaFlags = Pick<User, 'status' | 'isBetaParticipant' | 'hasBetaRequest'>;

export function betaBadge(user: BetaFlags): 'Beta Participant' | 'Beta Requested' | null {
  if (user.isBetaParticipant || user.status === 'BETA') return 'Beta Participant';
  if (user.hasBetaRequest || user.status === 'BETA_REQUESTED') return 'Beta Requested';
  return null;
}

export function BetaBadges({ user }: { user: BetaFlags }) {
  const badge = betaBadge(user);
  if (!badge) return null;
  return <span className={`badge ${badge === 'Beta Participant' ? 'badge-beta' : 'badge-pending'}`}>{badge}</span>;
}
