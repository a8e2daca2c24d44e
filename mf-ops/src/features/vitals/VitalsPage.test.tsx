import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminVitals } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockResponse } from '@grocer/shared/testing';
import { adminUser, errorBody, staffUser } from '../../testing/fixtures.ts';
import VitalsPage from './VitalsPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

const VITALS: AdminVitals = {
  hours: 24,
  vitals: [
    { route: '/', name: 'CLS', p75: 0.02, count: 40 },
    { route: '/', name: 'FCP', p75: 1200, count: 41 },
    { route: '/', name: 'INP', p75: 180, count: 12 },
    { route: '/', name: 'LCP', p75: 2100, count: 41 },
    { route: '/', name: 'TTFB', p75: 320, count: 41 },
    { route: '/store/:pathName/product/:productUuid', name: 'CLS', p75: 0.31, count: 7 },
    { route: '/store/:pathName/product/:productUuid', name: 'LCP', p75: 3200, count: 7 },
    { route: '/store/:pathName/product/:productUuid', name: 'TTFB', p75: 1900, count: 7 },
  ],
};

function setup(answer: () => MockResponse, user = adminUser()) {
  net = mockFetch({ 'GET /admin/vitals': answer });
  renderWithProviders(<VitalsPage />, { route: '/admin/vitals', path: '/admin/vitals', preloadedState: { session: { user } } });
}

/** The rows of one route's group, as text per cell. */
function routeRows(route: string) {
  const group = screen.getAllByRole('rowgroup').find((g) => within(g).queryByRole('rowheader', { name: route }));
  if (!group) throw new Error(`no rows for ${route}`);
  return within(group)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
}

describe('VitalsPage', () => {
  it("shows each route's p75 per metric for the last 24 hours, rated by Google's thresholds, with sample counts", async () => {
    setup(() => ({ body: VITALS }));
    const table = await screen.findByRole('table', { name: 'Core Web Vitals per page, 75th percentile, last 24 hours' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Metric', '75th percentile', 'Samples']);
    expect(routeRows('/')).toEqual([
      ['LCP', '2.10 s Good', '41'],
      ['INP', '180 ms Good', '12'],
      ['CLS', '0.02 Good', '40'],
      ['FCP', '1.20 s Good', '41'],
      ['TTFB', '0.32 s Good', '41'],
    ]);
    // A metric no browser reported (INP needs an interaction) says so rather than showing a zero.
    expect(routeRows('/store/:pathName/product/:productUuid')).toEqual([
      ['LCP', '3.20 s Needs improvement', '7'],
      ['INP', 'No figures', '0'],
      ['CLS', '0.31 Poor', '7'],
      ['FCP', 'No figures', '0'],
      ['TTFB', '1.90 s Poor', '7'],
    ]);
    expect(within(table).getAllByRole('rowheader', { name: 'LCP' })[0]!.querySelector('abbr')).toHaveAttribute(
      'title',
      'Largest Contentful Paint',
    );
    const call = net!.calls[0]!;
    expect(call.url.searchParams.get('hours')).toBe('24');
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('says when no page has reported yet', async () => {
    setup(() => ({ body: { hours: 24, vitals: [] } }));
    expect(
      await screen.findByText('No page reported its speed in the last 24 hours. Pages report when a shopper leaves them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows what went wrong and reads again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup(() => (fail ? { status: 500, body: errorBody('The database is not answering.') } : { body: VITALS }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(net!.calls).toHaveLength(2);
  });

  it('is linked from the ops navigation for admins', async () => {
    setup(() => ({ body: VITALS }));
    const nav = screen.getByRole('navigation', { name: 'Store operations' });
    expect(within(nav).getByRole('link', { name: 'Page speed' })).toHaveAttribute('href', '/admin/vitals');
    await screen.findByRole('table');
  });

  it('asks nothing for store staff, who have neither the link nor the figures', () => {
    setup(() => ({ body: VITALS }), staffUser());
    expect(screen.getByRole('alert')).toHaveTextContent('Page speed is for admins.');
    expect(
      within(screen.getByRole('navigation', { name: 'Store operations' })).queryByRole('link', { name: 'Page speed' }),
    ).not.toBeInTheDocument();
    expect(net!.calls).toHaveLength(0);
  });
});
