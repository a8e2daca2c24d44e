// The ops screens keep their filters in the URL; this is the one way they change a parameter.

/** An updater for setSearchParams: sets `name` to `value`, or removes it when `value` is empty. */
export const withParam = (name: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
};
