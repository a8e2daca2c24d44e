import { Link } from 'react-router';
import { paths } from '@grocer/shared';

// A chunk of its own (App.tsx), as the contact page: few visits open it.
export default function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>We could not find the page you asked for.</p>
      <Link to={paths.home()} className="btn btn-primary">
        Go Home
      </Link>
    </section>
  );
}
