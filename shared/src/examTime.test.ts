import { describe, expect, it } from 'vitest';
import { adminExamStatus, countdownText, examTimeStatus, formatDuration, previewText } from './examTime';

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

describe('countdown text', () => {
  const end = at(T + 10 * D);
  it('counts days, then hours, then says starting soon', () => {
    expect(countdownText(at(T), end, T - 2 * D)).toBe('Starts in 2 days');
    expect(countdownText(at(T), end, T - D)).toBe('Starts in 1 day');
    expect(countdownText(at(T), end, T - D + 1)).toBe('Starts in 23 hours');
    expect(countdownText(at(T), end, T - H)).toBe('Starts in 1 hour');
    expect(countdownText(at(T), end, T - H + 1)).toBe('Starting soon');
  });

  it('shows hours and minutes remaining, then minutes, then completed', () => {
    const start = at(T - D);
    expect(countdownText(start, at(T + 2 * H + 5 * M), T)).toBe('2h 5m remaining');
    expect(countdownText(start, at(T + H), T)).toBe('1h 0m remaining');
    expect(countdownText(start, at(T + H - 1), T)).toBe('60 minutes remaining');
    expect(countdownText(start, at(T + M), T)).toBe('1 minute remaining');
    expect(countdownText(start, at(T + 30_000), T)).toBe('1 minute remaining');
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
