// /admin/notifications: what the shop sent about orders, to whom, and whether the mail went out;
// failed mail can be sent again (the outbox worker takes it up). Staff see their store's mail only.
import { useState } from 'react';
import { apiErrorMessage, formatUsShortDate, formatUsTime, type OpsNotification } from '@grocer/shared';
import { OpsLayout } from '../../components/OpsLayout.tsx';
import { LoadError, Loading } from '../../components/PageState.tsx';
import { StorePicker } from '../../components/StorePicker.tsx';
import { useOpsNotificationsInfiniteQuery, useOpsRetryNotificationMutation } from '../../lib/opsApi.ts';
import { useStoreChoice } from '../../lib/opsScope.ts';
import { ResultMessage, type Result } from '../../components/ResultMessage.tsx';
import { OPS_TEXT } from '../../lib/opsText.ts';

export default function NotificationsPage() {
  return (
    <OpsLayout title={OPS_TEXT.notifications.title}>
      <Notifications />
    </OpsLayout>
  );
}

function Notifications() {
  const choice = useStoreChoice({ allowAll: true });
  if (choice.error) return <LoadError error={choice.error} onRetry={choice.refetch} />;
  if (!choice.me) return <Loading />;
  return (
    <>
      {choice.isAdmin && (
        <div className="card ops-card ops-filters">
          <StorePicker choice={choice} allowAll />
        </div>
      )}
      <NotificationList storeUuid={choice.isAdmin ? choice.store?.uuid : undefined} />
    </>
  );
}

function NotificationList({ storeUuid }: { storeUuid: string | undefined }) {
  const { data, error, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useOpsNotificationsInfiniteQuery(storeUuid, {
    refetchOnMountOrArgChange: true,
  });
  const [retry, retrying] = useOpsRetryNotificationMutation();
  const [message, setMessage] = useState<Result | null>(null);
  const t = OPS_TEXT.notifications;

  const onRetry = async (notification: OpsNotification) => {
    const answer = await retry(notification.id);
    setMessage(
      'error' in answer
        ? { kind: 'error', text: apiErrorMessage(answer.error, OPS_TEXT.common.loadFailed) }
        : { kind: 'status', text: t.retried },
    );
  };

  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) return <Loading />;
  const notifications = data.pages.flatMap((page) => page.notifications);
  return (
    <>
      <ResultMessage result={message} />
      {notifications.length === 0 ? (
        <p className="card ops-card">{t.empty}</p>
      ) : (
        <ul className="ops-list" aria-label={t.title}>
          {notifications.map((notification) => (
            <li key={notification.id} className="card ops-card">
              <div className="ops-row">
                <h2 className="ops-grow ops-product-name">
                  {t.types[notification.type] ?? notification.type} · {notification.orderNumber}
                </h2>
                <span className={`ops-badge ops-mail-${notification.state.toLowerCase()}`}>{t.states[notification.state]}</span>
              </div>
              <dl className="ops-dl">
                <dt>{t.recipient}</dt>
                <dd>{notification.deliverTo ?? t.dashboard}</dd>
                <dt>{t.created}</dt>
                <dd>
                  {formatUsShortDate(notification.createdAt)} {formatUsTime(notification.createdAt)}
                </dd>
                {notification.deliveredAt && (
                  <>
                    <dt>{t.sent}</dt>
                    <dd>
                      {formatUsShortDate(notification.deliveredAt)} {formatUsTime(notification.deliveredAt)}
                    </dd>
                  </>
                )}
                {notification.attempts > 0 && (
                  <>
                    <dt>{t.attempts}</dt>
                    <dd>{notification.attempts}</dd>
                  </>
                )}
                {notification.lastError && (
                  <>
                    <dt>{t.lastError}</dt>
                    <dd>{notification.lastError}</dd>
                  </>
                )}
              </dl>
              {notification.state === 'FAILED' && (
                <div className="ops-actions">
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={retrying.isLoading}
                    onClick={() => void onRetry(notification)}
                  >
                    {t.retryTo(notification.deliverTo ?? t.dashboard)}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className="ops-actions">
          <button type="button" className="btn btn-outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
