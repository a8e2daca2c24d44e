import { act, screen } from '@testing-library/react';
import type { PageDataLoader } from '@grocer/shared';
import { renderWithProviders } from '@grocer/shared/testing';
import type * as FirstPaintModule from '../app/firstPaint.ts';

// The remote's page module: its page says what its loader had read by the time it rendered.
let loadPageData: jest.MockedFunction<PageDataLoader> | undefined;
let dataRead = false;
const Page = () => <h1>{dataRead ? 'page with data' : 'page loading'}</h1>;
jest.mock('../app/remotes.ts', () => ({
  loadRemoteModule: jest.fn(async () => (loadPageData ? { default: Page, loadPageData } : { default: Page })),
}));

// Whether the entry drew the visit's first page from its data before React took it over (firstPaint.ts).
let mockFirstDrawn = false;
jest.mock('../app/firstPaint.ts', () => ({
  ...jest.requireActual<typeof FirstPaintModule>('../app/firstPaint.ts'),
  takeDrawnFromData: () => {
    const drawn = mockFirstDrawn;
    mockFirstDrawn = false;
    return drawn;
  },
}));

import { FIRST_PAGE_DATA_BUDGET_MS, RemotePage } from './RemotePage.tsx';

/** A visit whose first page the entry drew from its data (or not), taken over by React. */
function startVisit({ drawn }: { drawn: boolean }) {
  mockFirstDrawn = drawn;
}

const openPage = (route = '/store/fresh-mart/category/dairy?q=milk') =>
  renderWithProviders(<RemotePage id="catalog/StorePage" />, { route, path: '/store/:pathName/category/:categoryUuid' });

beforeEach(() => {
  startVisit({ drawn: true });
  dataRead = false;
  loadPageData = jest.fn<Promise<void>, Parameters<PageDataLoader>>(async () => {
    dataRead = true;
  });
});

afterEach(() => jest.useRealTimers());

describe('RemotePage', () => {
  it("renders the visit's first page, drawn from its data, once its loader has read that data, given the route's params, query and the store", async () => {
    const { store } = openPage();
    expect(await screen.findByRole('heading', { name: 'page with data' })).toBeInTheDocument();
    expect(loadPageData).toHaveBeenCalledTimes(1);
    const [location, dispatch] = loadPageData!.mock.calls[0]!;
    expect(location.params).toEqual({ pathName: 'fresh-mart', categoryUuid: 'dairy' });
    expect(location.search.get('q')).toBe('milk');
    expect(dispatch).toBe(store.dispatch);
  });

  it('renders a first page drawn from nothing (an unknown product, the API down) at once: it reads for itself', async () => {
    startVisit({ drawn: false });
    openPage();
    expect(await screen.findByRole('heading', { name: 'page loading' })).toBeInTheDocument();
    expect(loadPageData).not.toHaveBeenCalled();
  });

  it('renders later pages as soon as their code is there: they show their own loading', async () => {
    const first = openPage();
    await screen.findByRole('heading', { name: 'page with data' });
    first.unmount();
    dataRead = false;

    openPage('/store/fresh-mart/category/bakery');
    expect(await screen.findByRole('heading', { name: 'page loading' })).toBeInTheDocument();
    expect(loadPageData).toHaveBeenCalledTimes(1);
  });

  it('renders the first page anyway when its data is slower than the budget', async () => {
    jest.useFakeTimers();
    loadPageData = jest.fn<Promise<void>, Parameters<PageDataLoader>>(() => new Promise<void>(() => {}));
    openPage();
    await act(async () => jest.advanceTimersByTime(FIRST_PAGE_DATA_BUDGET_MS - 1));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    expect(await screen.findByRole('heading', { name: 'page loading' })).toBeInTheDocument();
  });

  it('renders the first page when its reads fail: the page shows its own error', async () => {
    loadPageData = jest.fn<Promise<void>, Parameters<PageDataLoader>>(() => Promise.reject(new Error('API down')));
    openPage();
    expect(await screen.findByRole('heading', { name: 'page loading' })).toBeInTheDocument();
  });

  it('renders a page whose module has no loader as before', async () => {
    loadPageData = undefined;
    openPage();
    expect(await screen.findByRole('heading', { name: 'page loading' })).toBeInTheDocument();
  });
});
