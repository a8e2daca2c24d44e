// 'Reorder' on an order (history card and details page): asks the server what can go back into
// the cart, fills it, and toasts what could not be added and why.
import { apiErrorStatus, showToast, useAppDispatch } from '@grocer/shared';
import { fillCart, REORDER_FAILED } from '../lib/reorder.ts';
import { useOrdersReorderMutation } from '../lib/ordersApi.ts';

export function ReorderButton({ orderId, describedBy }: { orderId: string; describedBy?: string }) {
  const dispatch = useAppDispatch();
  const [reorder, { isLoading }] = useOrdersReorderMutation();
  const onClick = async () => {
    try {
      dispatch(fillCart(await reorder(orderId).unwrap()));
    } catch (failure) {
      // A 401 is reported by the session-expired flow.
      if (apiErrorStatus(failure) !== 401) showToast('error', REORDER_FAILED);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={isLoading}
      aria-busy={isLoading}
      aria-describedby={describedBy}
      onClick={() => void onClick()}
    >
      {isLoading ? 'Reordering...' : 'Reorder'}
    </button>
  );
}
