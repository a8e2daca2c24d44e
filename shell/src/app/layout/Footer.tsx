import { Link } from 'react-router';
import { paths } from '@grocer/shared';
import { ContactStrip } from './ContactStrip.tsx';

const SOCIAL = ['Facebook', 'Instagram', 'X'] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <ContactStrip className="contact-strip footer-contact" />
      <p>© {new Date().getFullYear()} Grocer. All rights reserved.</p>
      <ul className="social-links" aria-label="Social links">
        {SOCIAL.map((name) => (
          <li key={name}>
            <Link to={paths.contact()}>{name}</Link>
          </li>
        ))}
      </ul>
    </footer>
  );
}
