import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteBoundary, REMOTE_UNAVAILABLE_TEXT } from './RemoteBoundary.tsx';

const Page = () => <h1>Remote page</h1>;

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('renders the remote module once it loads', async () => {
    render(<RemoteBoundary load={async () => ({ default: Page })} />);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
  });

  it('shows the fallback when loading fails, and Retry loads a fresh copy', async () => {
    const load = jest
      .fn<Promise<{ default: typeof Page }>, [boolean]>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce({ default: Page });
    render(<RemoteBoundary load={load} />);

    expect(await screen.findByText(REMOTE_UNAVAILABLE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeInTheDocument();
    expect(load.mock.calls).toEqual([[false], [true]]);
  });

  it('catches a render error inside the remote', async () => {
    const Broken = () => {
      throw new Error('bug in remote');
    };
    render(<RemoteBoundary load={async () => ({ default: Broken })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_UNAVAILABLE_TEXT);
  });

  it('keeps a header slot quiet when its remote fails', async () => {
    render(<RemoteBoundary variant="slot" slotFallback={<span>no search</span>} load={() => Promise.reject(new Error('x'))} />);
    expect(await screen.findByText('no search')).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
  });
});
