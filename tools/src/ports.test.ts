import { runtimeDocuments, sampleRate, stackPorts } from './ports.ts';

describe('VITALS_SAMPLE_RATE', () => {
  it('reaches /config.json as a number: every page load by default, the share it names otherwise', () => {
    expect(runtimeDocuments(stackPorts({}), 'localhost', {}).config.vitalsSampleRate).toBe(1);
    expect(runtimeDocuments(stackPorts({}), 'localhost', { VITALS_SAMPLE_RATE: '0.1' }).config.vitalsSampleRate).toBe(0.1);
    expect(sampleRate('')).toBe(1);
    expect(sampleRate('0')).toBe(0);
    expect(sampleRate('.5')).toBe(0.5);
  });

  it('stops the start on anything but a number from 0 to 1', () => {
    for (const raw of ['2', '-0.1', 'half', 'NaN'])
      expect(() => sampleRate(raw)).toThrow(`VITALS_SAMPLE_RATE must be a number from 0 to 1, got "${raw}"`);
  });
});
