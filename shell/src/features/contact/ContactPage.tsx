// A chunk of its own (App.tsx): few visits open it, so the first load of every other page is lighter.
export default function ContactPage() {
  return (
    <section className="page">
      <h1>Contact us</h1>
      <p>We answer every message within one business day.</p>
      <ul>
        <li>
          Phone: <a href="tel:+13125550142">(312) 555-0142</a>
        </li>
        <li>
          Email: <a href="mailto:help@grocer.example">help@grocer.example</a>
        </li>
        <li>Facebook, Instagram and X: @grocer</li>
      </ul>
    </section>
  );
}
