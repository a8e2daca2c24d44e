// Under a store's part of the cart (and in checkout step 1): what payment would refuse about it, each
// with its fix at hand: a link to the store under its minimum, remove or change address for
// one out of reach, remove for one without a free delivery window, the count left of a short line. For a shopper whose cart the server priced, the notes are the
// pricing answer's problems: the server's own checks (area, minimum, stock), so the cart and payment
// can never disagree. A visitor (no address, no pricing) sees only how far a store is from its
// public minimum; payment is behind sign-in and the address anyway.
import { Link } from 'react-router';
import { itemsRemoved, paths, useAppDispatch, useStoreRulesQuery, type CartProblem } from '@grocer/shared';
import { addMoreText, TO_CHECK_OUT } from '../lib/cartWords.ts';
import type { StoreGroup } from '../lib/groupByStore.ts';

export const doesNotDeliverText = (storeName: string, zip: string) => `${storeName} does not deliver to ${zip}`;
export const onlyLeftText = (available: number, name: string) => `Only ${available} left of ${name}`;
export const REMOVE_THESE_ITEMS = 'Remove these items';
export const CHANGE_ADDRESS = 'Change address';

/** Read out with the disabled Proceed / Continue: the server's own words for each refusal that stands. */
export const blockedReason = (problems: readonly CartProblem[]) =>
  `Checkout opens once this is fixed: ${problems.map((p) => p.message).join(' ')}`;

/** 'Add $3.20 more from Fresh Mart to check out', the first part linking to the store's page. */
function BelowMinimum({ group, shortCents }: { group: StoreGroup; shortCents: number }) {
  const text = addMoreText(shortCents, group.storeName);
  return (
    <p className="store-rule-note store-rule-minimum">
      {group.storePublicId ? <Link to={paths.store(group.storePublicId)}>{text}</Link> : text}
      {TO_CHECK_OUT}
    </p>
  );
}

function RemoveThese({ group }: { group: StoreGroup }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className="link-button" onClick={() => dispatch(itemsRemoved(group.items.map((item) => item.uuid)))}>
      {REMOVE_THESE_ITEMS}
    </button>
  );
}

function OutOfArea({ group, zip }: { group: StoreGroup; zip: string }) {
  return (
    <div className="store-rule-note store-rule-out">
      <p>{doesNotDeliverText(group.storeName, zip)}</p>
      <p className="store-rule-actions">
        <RemoveThese group={group} />
        <Link to={paths.account()}>{CHANGE_ADDRESS}</Link>
      </p>
    </div>
  );
}

/** Every window the store offers is full (or it offers none): nothing to pick in step 1. */
function NoWindow({ group, message }: { group: StoreGroup; message: string }) {
  return (
    <div className="store-rule-note store-rule-out">
      <p>{message}</p>
      <p className="store-rule-actions">
        <RemoveThese group={group} />
      </p>
    </div>
  );
}

/** The server's problems with this store's part; `problems` is the whole cart's list. */
function ServerNotes({ group, problems }: { group: StoreGroup; problems: readonly CartProblem[] }) {
  const own = problems.filter((problem) => problem.storeId === group.storeUuid);
  if (own.length === 0) return null;
  const names = new Map(group.items.map((item) => [item.uuid, item.name]));
  return (
    <div className="store-rule-notes">
      {own.map((problem) => {
        switch (problem.code) {
          case 'OUT_OF_DELIVERY_AREA':
            return <OutOfArea key={problem.code} group={group} zip={problem.zip ?? ''} />;
          case 'BELOW_MINIMUM_ORDER':
            return <BelowMinimum key={problem.code} group={group} shortCents={Math.round((problem.shortBy ?? 0) * 100)} />;
          case 'NO_DELIVERY_WINDOW':
            return <NoWindow key={problem.code} group={group} message={problem.message} />;
          case 'INSUFFICIENT_STOCK':
            // Set down at once (stockSetDown.ts); said while that happens.
            return (
              <p key={`${problem.code}-${problem.productId}`} className="store-rule-note store-rule-stock">
                {onlyLeftText(problem.available ?? 0, names.get(problem.productId ?? '') ?? problem.storeName)}
              </p>
            );
        }
      })}
    </div>
  );
}

function VisitorNotes({ group }: { group: StoreGroup }) {
  const rules = useStoreRulesQuery();
  const rule = rules.data?.find((r) => r.storeUuid === group.storeUuid);
  const short = rule ? rule.minOrderCents - group.subtotalCents : 0;
  if (!(short > 0)) return null;
  return (
    <div className="store-rule-notes">
      <BelowMinimum group={group} shortCents={short} />
    </div>
  );
}

/** `problems`: the server's answer for the cart, or null when it was not priced (then the public minimum). */
export function StoreRuleNotes({ group, problems }: { group: StoreGroup; problems: readonly CartProblem[] | null }) {
  return problems ? <ServerNotes group={group} problems={problems} /> : <VisitorNotes group={group} />;
}
