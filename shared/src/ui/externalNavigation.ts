/** Leaves the shop for another site (the external admin site); one seam so tests can observe it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
