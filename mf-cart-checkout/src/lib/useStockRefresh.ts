// Spec §4/§9: out-of-stock items leave the cart 100 ms after load. The header's cart icon runs this on
// every page load; the cart page runs it again when opened.
import { useEffect } from 'react';
import { CONSTANTS, refreshCartStock, useAppDispatch, useTimers } from '@grocer/shared';

export function useStockRefreshOnMount(): void {
  const dispatch = useAppDispatch();
  const { schedule } = useTimers();
  useEffect(() => {
    schedule(() => void dispatch(refreshCartStock()), CONSTANTS.OUT_OF_STOCK_CLEANUP_MS);
  }, [dispatch, schedule]);
}
