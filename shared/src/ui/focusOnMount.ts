/**
 * A callback ref that focuses its element once, when it mounts (a module constant, so React never
 * calls it again on re-render). For headings (tabIndex -1) of a view that replaced the focused control.
 */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();
