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
});
