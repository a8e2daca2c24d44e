// A remote's minimal page for a route whose real page has not been built yet: its heading and
// which remote rendered it. Delete a use when the real page lands.
export function RoutePlaceholder({ remote, heading, children }: { remote: string; heading: string; children?: React.ReactNode }) {
  return (
    <section className="page" data-remote={remote}>
      <h1>{heading}</h1>
      {children}
    </section>
  );
}
