// 'Need Help?' with the support phone and email (spec §2 order pages).
import { useId } from 'react';
import { SUPPORT_CONTACTS } from '@grocer/shared';
import './orders.css';

export function HelpContacts() {
  const headingId = useId();
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Need Help?</h2>
      <p>Questions about your order? Our support team is here to help.</p>
      <ul className="plain-list order-contacts">
        <li>
          Phone: <a href={SUPPORT_CONTACTS.phoneHref}>{SUPPORT_CONTACTS.phone}</a>
        </li>
        <li>
          Email: <a href={SUPPORT_CONTACTS.emailHref}>{SUPPORT_CONTACTS.email}</a>
        </li>
      </ul>
    </section>
  );
}
