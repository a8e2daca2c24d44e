import { render, screen, within } from '@testing-library/react';
import { DeliveryWindows } from './DeliveryWindows.tsx';

const windows = [
  {
    storeUuid: 's-1',
    storeName: 'Loop Provisions',
    timeZone: 'America/Chicago',
    startsAt: '2026-11-30T17:00:00.000Z',
    endsAt: '2026-11-30T19:00:00.000Z',
  },
  {
    storeUuid: 's-2',
    storeName: 'Evanston Harvest',
    timeZone: 'America/Chicago',
    startsAt: '2026-12-01T15:00:00.000Z',
    endsAt: '2026-12-01T17:00:00.000Z',
  },
];

it("lists each store's booked window in the store's time zone", () => {
  render(<DeliveryWindows windows={windows} />);
  const list = screen.getByRole('list', { name: 'Delivery windows' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Loop Provisions: Mon, Nov 30, 11:00 AM – 1:00 PM', 'Evanston Harvest: Tue, Dec 1, 9:00 AM – 11:00 AM']);
  expect(screen.getByRole('heading', { name: 'Delivery Windows' })).toBeInTheDocument();
});

it('shows nothing for an order from before delivery windows', () => {
  const { container } = render(<DeliveryWindows windows={undefined} />);
  expect(container).toBeEmptyDOMElement();
});
