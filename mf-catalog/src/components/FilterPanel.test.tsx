// The dietary facet: each attribute with its count, ticked from the URL, and ticking or unticking one
// writes the listing's URL with the attributes it leaves (combined, in their own order).
import { fireEvent, screen } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { DIETARY_ATTRIBUTES, paths, PRICE_RANGES, type ProductFacets } from '@grocer/shared';
import { renderWithProviders } from '@grocer/shared/testing';
import { readListingFilters } from '../lib/listingFilters.ts';
import { LocationDisplay } from '../testing/LocationDisplay.tsx';
import { FilterPanel } from './FilterPanel.tsx';

const facets: ProductFacets = {
  categories: [],
  stores: [],
  inStock: 40,
  prices: PRICE_RANGES.map((r) => ({ ...r, count: 10 })),
  dietary: DIETARY_ATTRIBUTES.map((attribute, i) => ({ attribute, count: i + 1 })),
};

/** The panel as a page uses it: its filters read from the URL, its links and ticks writing the URL. */
function Page() {
  const [params] = useSearchParams();
  return (
    <>
      <FilterPanel filters={readListingFilters(params)} facets={facets} pathFor={(filters) => paths.search('bread', filters)} />
      <LocationDisplay />
    </>
  );
}

it('lists each attribute by name with how many results it leaves', () => {
  renderWithProviders(<Page />, { route: '/search?q=bread' });
  const group = screen.getByRole('group', { name: 'Dietary' });
  expect(group).toHaveTextContent('Gluten-free1');
  expect(group).toHaveTextContent('Kosher7');
  expect(screen.getByRole('checkbox', { name: /Low sodium/ })).not.toBeChecked();
});

it('ticks the attributes the URL names, and adds or removes one by ticking', () => {
  renderWithProviders(<Page />, { route: '/search?q=bread&dietary=vegan' });
  expect(screen.getByRole('checkbox', { name: /Vegan/ })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: /Gluten-free/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/search?q=bread&dietary=gluten-free%2Cvegan');
  expect(screen.getByRole('checkbox', { name: /Gluten-free/ })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: /Vegan/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/search?q=bread&dietary=gluten-free');
  fireEvent.click(screen.getByRole('checkbox', { name: /Gluten-free/ }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=bread$/);
});

it('clears the attributes with the other filters', () => {
  renderWithProviders(<Page />, { route: '/search?q=bread&dietary=organic&inStock=1' });
  fireEvent.click(screen.getByRole('link', { name: 'Clear all' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=bread$/);
});
