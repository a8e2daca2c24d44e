// Under a store's cart lines: how much more it needs to reach its minimum order, and whether it
// delivers to the shopper's address at all (only for shoppers with an address; visitors see neither
// the coverage nor any change). The server refuses both at checkout; this says so first.
import { skipToken } from '@reduxjs/toolkit/query';
import { formatCents, useDeliveryCoverageQuery, useStoreRulesQuery, type User } from '@grocer/shared';
import type { StoreGroup } from '../../lib/groupByStore.ts';

export const belowMinimumText = (shortCents: number, storeName: string) =>
  `Add ${formatCents(shortCents)} more from ${storeName} to check out`;
export const doesNotDeliverText = (zip: string) => `Does not deliver to ${zip}`;

export function StoreRuleNotes({ group, user }: { group: StoreGroup; user: User | null }) {
  const rules = useStoreRulesQuery();
  const zip = user?.address?.zip?.trim();
  const coverage = useDeliveryCoverageQuery(user && zip ? { zip } : skipToken);
  const rule = rules.data?.find((r) => r.storeUuid === group.storeUuid);
  const reach = coverage.data?.stores[group.storeUuid];
  const short = rule ? rule.minOrderCents - group.subtotalCents : 0;
  if (!(short > 0) && !(reach && !reach.delivers)) return null;
  return (
    <div className="store-rule-notes">
      {reach && !reach.delivers && zip && <p className="store-rule-note store-rule-out">{doesNotDeliverText(zip)}</p>}
      {short > 0 && <p className="store-rule-note store-rule-minimum">{belowMinimumText(short, group.storeName)}</p>}
    </div>
  );
}
