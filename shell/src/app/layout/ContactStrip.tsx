// The contact strip: at the top of the header on wide screens, in the footer on phones (shell.css);
// index.html paints the same markup before any JS runs.
export function ContactStrip({ className = 'contact-strip' }: { className?: string }) {
  return (
    <div className={className}>
      <span>Fresh groceries from your local stores, delivered.</span>
      <a href="tel:+13125550142">Call us: (312) 555-0142</a>
      <a href="mailto:help@grocer.example">help@grocer.example</a>
    </div>
  );
}
