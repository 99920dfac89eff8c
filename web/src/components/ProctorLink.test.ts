import { describe, expect, it } from 'vitest';
import { canProctorNow } from './ProctorLink';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const H = 3600_000;
const exam = (start: number, end: number, isPublished = true) => ({ isPublished, schedule: { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), timezone: 'UTC' } });

describe('when the proctor board is offered', () => {
  it('is offered while a published exam runs', () => {
    expect(canProctorNow(exam(NOW - H, NOW + H), NOW)).toBe(true);
  });

  it('is not offered before the start, after the end, or for a draft', () => {
    expect(canProctorNow(exam(NOW + H, NOW + 2 * H), NOW)).toBe(false);
    expect(canProctorNow(exam(NOW - 2 * H, NOW - H), NOW)).toBe(false);
    expect(canProctorNow(exam(NOW - H, NOW + H, false), NOW)).toBe(false);
  });
});
