import { sharedWhileRunning } from './sharedWhileRunning.ts';

describe('sharedWhileRunning', () => {
  it('runs once for calls with one key while it runs, then again', async () => {
    let runs = 0;
    const release: (() => void)[] = [];
    const shared = sharedWhileRunning(
      (key: string) => key,
      async (key: string) => {
        runs++;
        await new Promise<void>((resolve) => release.push(resolve));
        return `${key}#${runs}`;
      },
    );
    const first = [shared('a'), shared('a'), shared('b')];
    expect(runs).toBe(2);
    release.forEach((r) => r());
    expect(await Promise.all(first)).toEqual(['a#2', 'a#2', 'b#2']);
    const again = shared('a');
    release.at(-1)!();
    expect(runs).toBe(3);
    await again;
  });

  it('gives every waiting call the error, and runs afresh after it', async () => {
    let runs = 0;
    const shared = sharedWhileRunning(
      () => 'k',
      async () => {
        runs++;
        if (runs === 1) throw new Error('refused');
        return 'ok';
      },
    );
    const results = await Promise.allSettled([shared(), shared()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await shared()).toBe('ok');
    expect(runs).toBe(2);
  });
});
