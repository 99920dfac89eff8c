import { describe, expect, it } from 'vitest';
import { formatMemoryMb, formatUptime } from './healthFormat';

describe('health figures', () => {
  it('reads uptime as days, hours and minutes', () => {
    expect(formatUptime(0)).toBe('0d 0h 0m');
    expect(formatUptime(90_061)).toBe('1d 1h 1m');
  });
  it('reads memory in MB with two decimals', () => {
    expect(formatMemoryMb(55_094_800)).toBe('52.54');
  });
});
