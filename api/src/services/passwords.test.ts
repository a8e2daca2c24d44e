import { createPasswordHasher, createWorkGate, isCommonPassword, PasswordChecksBusyError, passwordProblem } from './passwords.ts';
import { createZipDirectory } from './zipDirectory.ts';

describe('password hasher', () => {
  const hasher = createPasswordHasher(10);

  it('hashes with a fresh salt and verifies', async () => {
    const a = await hasher.hash('Tomato-Basil-42');
    const b = await hasher.hash('Tomato-Basil-42');
    expect(a).toMatch(/^scrypt\$ln=10,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify('Tomato-Basil-42', a)).toBe(true);
    expect(await hasher.verify('Tomato-Basil-43', a)).toBe(false);
    expect(await hasher.verify('Tomato-Basil-42', 'not-a-hash')).toBe(false);
  });

  it('runs at the OWASP cost (N=2^17) in production config', async () => {
    const strong = createPasswordHasher(17);
    const hash = await strong.hash('Tomato-Basil-42');
    expect(hash).toMatch(/^scrypt\$ln=17,/);
    expect(await strong.verify('Tomato-Basil-42', hash)).toBe(true);
  });
});

describe('password rules', () => {
  it('refuses common passwords, also with a digits/symbols suffix, case-insensitively', () => {
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('Dragon2024!')).toBe(true);
    expect(isCommonPassword('Tomato-Basil-42')).toBe(false);
    expect(passwordProblem('Monkey123')).toBe('This password is too common. Please choose a less common password.');
    expect(passwordProblem('Tomato-Basil-42')).toBeUndefined();
  });
});

describe('zipDirectory', () => {
  const zips = createZipDirectory();
  it('looks up US ZIPs with city, state and centroid', () => {
    expect(zips.lookup('60606')).toEqual({ zip: '60606', city: 'Chicago', state: 'IL', lat: expect.any(Number), lng: expect.any(Number) });
    expect(zips.lookup('60606-1234')?.state).toBe('IL');
    expect(zips.lookup('99999')).toBeNull();
    expect(zips.lookup('H0H0H0')).toBeNull();
    expect(zips.normalizeState('illinois')).toBe('IL');
    expect(zips.normalizeState('Atlantis')).toBeUndefined();
  });
});

describe('the password work gate', () => {
  it('runs at most `inFlight` at once, queues `queued`, and refuses the rest at once with a 503 and Retry-After', async () => {
    const gate = createWorkGate({ inFlight: 2, queued: 3 });
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return 'checked';
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => gate.run(task)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refused).toHaveLength(3);
    for (const err of refused) {
      expect(err).toBeInstanceOf(PasswordChecksBusyError);
      expect(err).toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', retryAfterSeconds: 2 });
    }
    expect(most).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a check throws', async () => {
    const gate = createWorkGate({ inFlight: 1, queued: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'ok')).resolves.toBe('ok');
  });

  // Tasks that wait until released, recording the order they started in.
  const held = (log: string[], name: string) => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { release, task: () => (log.push(name), done) };
  };

  it('takes clients in turns: the one that sent fewest goes first, then the one served longest ago', async () => {
    const gate = createWorkGate({ inFlight: 1, queued: 10 });
    const started: string[] = [];
    const tasks = ['a', 'a', 'a', 'a', 'b', 'b', 'c'].map((client, i) => ({ client, ...held(started, `${client}${i}`) }));
    const runs = tasks.map(({ client, task }) => gate.run(task, client));
    for (const t of tasks) {
      await Promise.resolve();
      t.release();
    }
    await Promise.all(runs);
    expect(started).toEqual(['a0', 'c6', 'b4', 'b5', 'a1', 'a2', 'a3']);
  });

  /** A gate with room for one check and two waiting, filled by one client: one check held running, two queued. */
  const floodedGate = () => {
    const gate = createWorkGate({ inFlight: 1, queued: 2 });
    const started: string[] = [];
    const first = held(started, 'flood0');
    const running = gate.run(first.task, 'flood');
    const queued = [gate.run(async () => void started.push('flood1'), 'flood'), gate.run(async () => void started.push('flood2'), 'flood')];
    return { gate, started, first, running, queued };
  };

  it('gives a newcomer the place of the client that sent most when the queue is full; that task is refused as busy', async () => {
    const { gate, started, first, running, queued } = floodedGate();
    expect(gate.wouldRefuse('flood')).toBe(true);
    const shopper = gate.run(async () => void started.push('shopper'), 'shopper');
    await expect(queued[1]).rejects.toBeInstanceOf(PasswordChecksBusyError);
    // The flood's own next task finds no one to displace; a client that sent as few as the newcomer is not displaced.
    await expect(gate.run(async () => 'never', 'flood')).rejects.toBeInstanceOf(PasswordChecksBusyError);
    const second = gate.run(async () => void started.push('second'), 'second');
    await expect(queued[0]).rejects.toBeInstanceOf(PasswordChecksBusyError);
    expect(gate.wouldRefuse('third')).toBe(true);
    first.release();
    await Promise.all([running, shopper, second]);
    expect(started).toEqual(['flood0', 'shopper', 'second']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps counting a flood whose tasks still wait when the minute turns, so a newcomer still goes first', async () => {
    const { gate, started, first, running, queued } = floodedGate();
    const now = Date.now;
    Date.now = () => now() + 61_000;
    try {
      // The first request of a new minute: the flood's waiting tasks were sent all the same.
      const shopper = gate.run(async () => void started.push('shopper'), 'shopper');
      first.release();
      const settled = await Promise.allSettled([running, shopper, ...queued]);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    } finally {
      Date.now = now;
    }
    expect(started).toEqual(['flood0', 'shopper', 'flood1']);
  });
});
