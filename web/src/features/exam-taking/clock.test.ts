import { describe, expect, it } from 'vitest';
import { clockOffset, timeLeftMs } from './clock';

describe('server clock offset', () => {
  const server = Date.parse('2030-01-01T00:00:00.000Z');

  it('is the server time minus ours, corrected by half the round trip', () => {
    // Sent at -1000 (our clock), received 400 ms later: the server read its clock ~200 ms in.
    expect(clockOffset(new Date(server).toISOString(), server - 1000, server - 600)).toBe(800);
  });

  it('is zero for clocks that agree, and ignores a bad server time', () => {
    expect(clockOffset(new Date(server).toISOString(), server - 50, server + 50)).toBe(0);
    expect(clockOffset('not a date', 0, 10)).toBe(0);
  });

  it('counts down from the deadline by the server’s clock, never below zero', () => {
    expect(timeLeftMs(server + 60_000, server - 5000, 5000)).toBe(60_000);
    expect(timeLeftMs(server, server + 1, 0)).toBe(0);
  });
});
