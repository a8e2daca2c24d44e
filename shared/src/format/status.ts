// Order statuses are shown in title case with underscores turned into spaces (spec §4).

/** 'OUT_FOR_DELIVERY' → 'Out For Delivery'. Takes any string (an OrderStatus or one the server adds later). */
export function titleCaseStatus(status: string): string {
  return status
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
