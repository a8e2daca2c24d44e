import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PAGE_IN_URL } from './PageForm.tsx';
import { Pager, pageWindow } from './Pager.tsx';

const numbers = () => within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('button', { name: /^Page \d+$/ });

describe('pageWindow', () => {
  it('shows at most 5 pages around the current one', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('Pager', () => {
  it('is hidden with one page or fewer', () => {
    const { container, rerender } = render(<Pager currentPage={1} totalPages={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pager currentPage={1} totalPages={0} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows at most 5 numbers, marks the current page and moves with previous/next', () => {
    const onPageChange = jest.fn();
    render(<Pager currentPage={6} totalPages={12} onPageChange={onPageChange} />);
    expect(numbers().map((b) => b.textContent)).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    expect(onPageChange.mock.calls).toEqual([[5], [7], [8]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pager currentPage={1} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pager currentPage={3} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('is disabled while loading', () => {
    render(<Pager currentPage={2} totalPages={3} onPageChange={jest.fn()} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('pages without JavaScript where the page is in the URL: its buttons submit the same URL with their page, which a click with JavaScript keeps in place', () => {
    const onPageChange = jest.fn();
    const { container } = render(
      <MemoryRouter initialEntries={['/search?q=milk&sort=price&page=2']}>
        <Pager currentPage={2} totalPages={5} onPageChange={onPageChange} inUrl={PAGE_IN_URL} label="Result pages" />
      </MemoryRouter>,
    );
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search');
    // Every other parameter of the URL goes with it; the page is the button's own.
    expect(
      [...form.querySelectorAll('input[type="hidden"]')].map((input) => `${input.getAttribute('name')}=${input.getAttribute('value')}`),
    ).toEqual(['q=milk', 'sort=price']);
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('type', 'submit');
    expect(next).toHaveAttribute('name', 'page');
    expect(next).toHaveAttribute('value', '3');
    expect(screen.getByRole('button', { name: 'Page 4' })).toHaveAttribute('value', '4');
    // Last to hear it, after the page's own handlers: the submission is cancelled, the page changed in place.
    const cancelled: boolean[] = [];
    const submitted = (event: Event) => void cancelled.push(event.defaultPrevented);
    window.addEventListener('submit', submitted);
    try {
      fireEvent.click(next);
    } finally {
      window.removeEventListener('submit', submitted);
    }
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(cancelled).toEqual([true]);
  });
});
