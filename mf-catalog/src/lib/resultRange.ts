import { CONSTANTS, type Pagination } from '@grocer/shared';

/** 'Showing 21–40 of 143' numbers for a page of `shown` results. */
export function resultRange(pagination: Pagination, shown: number, pageSize: number = CONSTANTS.PAGE_SIZE) {
  const from = shown > 0 ? (pagination.currentPage - 1) * pageSize + 1 : 0;
  return { from, to: shown > 0 ? from + shown - 1 : 0, total: pagination.totalItems };
}

export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
