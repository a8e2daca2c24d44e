import { act, render, screen } from '@testing-library/react';
import { showToast } from '@grocer/shared';
import { ToastStack } from './ToastStack.tsx';

describe('ToastStack', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stacks toasts and removes each after its duration (3 s by default)', () => {
    render(<ToastStack />);
    act(() => {
      showToast('success', 'Milk added to cart!');
      showToast('info', 'Milk is already in your cart', 5000);
    });
    expect(screen.getByText('Milk added to cart!')).toBeInTheDocument();
    expect(screen.getByText('Milk is already in your cart')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(3000));
    expect(screen.queryByText('Milk added to cart!')).not.toBeInTheDocument();
    expect(screen.getByText('Milk is already in your cart')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Milk is already in your cart')).not.toBeInTheDocument();
  });

  it('shows a keyed toast in place of the one it updates, for its full time from the update', () => {
    render(<ToastStack />);
    act(() => {
      showToast('success', 'Milk added to cart!', 3000, 'cart:adds');
      showToast('warning', 'Removed 1 out of stock item(s) from cart: Jam');
    });
    act(() => jest.advanceTimersByTime(2000));
    act(() => showToast('success', '2 items added to your cart', 3000, 'cart:adds'));
    expect(screen.queryByText('Milk added to cart!')).not.toBeInTheDocument();
    expect(screen.getByText('2 items added to your cart')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(2);
    // The first toast's timer ends: it takes nothing else with it.
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('2 items added to your cart')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('2 items added to your cart')).not.toBeInTheDocument();
  });

  it('opens away from the control just used, so it never covers it', () => {
    render(<ToastStack />);
    const stack = screen.getByRole('status');
    // jsdom has no PointerEvent; a MouseEvent of that type carries the position the same way.
    const pointerDown = (clientY: number) => document.body.dispatchEvent(new MouseEvent('pointerdown', { clientY, bubbles: true }));
    // A click low on the screen (e.g. an add-to-cart button in the last row): the toast shows at the top.
    pointerDown(window.innerHeight - 40);
    act(() => showToast('success', 'Milk added to cart!'));
    expect(stack).toHaveClass('toast-stack-top');
    // A click high on the screen: the toast shows at the bottom.
    pointerDown(40);
    act(() => showToast('success', 'Eggs added to cart!'));
    expect(stack).not.toHaveClass('toast-stack-top');
  });
});
