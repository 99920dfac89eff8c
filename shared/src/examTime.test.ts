import { describe, expect, it } from 'vitest';
import { adminExamStatus, countdownText, durationText, examTimeStatus, formatDuration, previewText, timeLeftText } from './examTime';

const T = Date.parse('2026-05-01T10:00:00Z');
const M = 60_000;
const H = 60 * M;
const D = 24 * H;
const at = (ms: number) => new Date(ms).toISOString();

describe('exam time status', () => {
  it('is upcoming before the start, ongoing from the start, completed from the end', () => {
    const start = at(T);
    const end = at(T + H);
    expect(examTimeStatus(start, end, T - 1)).toBe('upcoming');
    expect(examTimeStatus(start, end, T)).toBe('ongoing');
    expect(examTimeStatus(start, end, T + H - 1)).toBe('ongoing');
    expect(examTimeStatus(start, end, T + H)).toBe('completed');
  });

  it('is unknown for an invalid date', () => {
    expect(examTimeStatus('not a date', at(T), T)).toBe('unknown');
    expect(countdownText(null, at(T), T)).toBe('unknown');
  });
});

describe('duration wording', () => {
  it('reads long stretches in days, never hundreds of hours', () => {
    expect(timeLeftText(719 * H + 56 * M)).toBe('30 days left');
    expect(durationText(7 * D)).toBe('7 days');
    expect(durationText(7 * D + 13 * H)).toBe('8 days');
  });
  it('reads days with hours under a week, hours with minutes under a day', () => {
    expect(timeLeftText(2 * D + 3 * H + 20 * M)).toBe('2 days 3 h left');
    expect(durationText(D)).toBe('1 day');
    expect(durationText(D + H)).toBe('1 day 1 h');
    expect(durationText(5 * H + 12 * M)).toBe('5 h 12 min');
    expect(durationText(2 * H)).toBe('2 h');
    expect(durationText(12 * M + 59_000)).toBe('12 min');
    expect(durationText(59_000)).toBe('less than a minute');
    expect(durationText(-5)).toBe('less than a minute');
  });
});

describe('countdown text', () => {
  const end = at(T + 40 * D);
  it('says when the exam starts in days and hours, then starting soon', () => {
    expect(countdownText(at(T), end, T - 30 * D + 4 * M)).toBe('Starts in 30 days');
    expect(countdownText(at(T), end, T - 2 * D - 3 * H)).toBe('Starts in 2 days 3 h');
    expect(countdownText(at(T), end, T - D)).toBe('Starts in 1 day');
    expect(countdownText(at(T), end, T - D + 1)).toBe('Starts in 23 h 59 min');
    expect(countdownText(at(T), end, T - H)).toBe('Starts in 1 h');
    expect(countdownText(at(T), end, T - H + 1)).toBe('Starting soon');
  });

  it('says how long is left, in days for a long window, down to the last minute, then completed', () => {
    const start = at(T - D);
    expect(countdownText(start, at(T + 719 * H + 56 * M), T)).toBe('30 days left');
    expect(countdownText(start, at(T + 2 * D + 3 * H), T)).toBe('2 days 3 h left');
    expect(countdownText(start, at(T + 2 * H + 5 * M), T)).toBe('2 h 5 min left');
    expect(countdownText(start, at(T + H - 1), T)).toBe('1 h left');
    expect(countdownText(start, at(T + M), T)).toBe('1 min left');
    expect(countdownText(start, at(T + 30_000), T)).toBe('1 min left');
    expect(countdownText(start, at(T), T)).toBe('Completed');
  });
});

describe('formatting', () => {
  it('shows durations over 60 minutes as hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('60 min');
    expect(formatDuration(61)).toBe('1h 1m');
    expect(formatDuration(120)).toBe('2h');
  });

  it('labels admin status Active, Published, Draft', () => {
    expect(adminExamStatus({ isPublished: true, isActive: true })).toBe('Active');
    expect(adminExamStatus({ isPublished: true, isActive: false })).toBe('Published');
    expect(adminExamStatus({ isPublished: false, isActive: true })).toBe('Draft');
  });

  it('cuts previews at 100 characters', () => {
    expect(previewText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(previewText('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
  });
});
