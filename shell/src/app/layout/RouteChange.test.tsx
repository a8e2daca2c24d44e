import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useSearchParams } from 'react-router';
import { renderWithProviders } from '@grocer/shared/testing';
import { RouteChange } from './RouteChange.tsx';

function Page() {
  const [params] = useSearchParams();
  return (
    <>
      <nav>
        <Link to="/store/fresh-market">Fresh Market</Link>
        <Link to="?page=2">Page 2</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <h1>Page {params.get('page') ?? 1}</h1>
      </main>
      <RouteChange mainId="main" />
    </>
  );
}

describe('route change', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('leaves focus alone on the first page, then moves it to the main content and scrolls up on every new path', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />, { route: '/' });
    expect(screen.getByRole('main')).not.toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await user.click(screen.getByRole('link', { name: 'Fresh Market' }));
    expect(screen.getByRole('main')).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('keeps focus where it is when only the query changes (the page manages its own focus)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />, { route: '/search?q=milk' });
    const pageLink = screen.getByRole('link', { name: 'Page 2' });
    await user.click(pageLink);
    expect(screen.getByRole('heading', { name: 'Page 2' })).toBeInTheDocument();
    expect(pageLink).toHaveFocus();
  });
});
