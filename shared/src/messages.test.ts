import { describe, expect, it } from 'vitest';
import { studentCardAction } from './cardActions';
import { proctorExtendSchema } from './session';
import { contactMessageSchema } from './dashboard';
import { fillMessage, messageOf, MSG, VALIDATION_MSG } from './messages';

describe('catalogue texts with values', () => {
  it('are filled in English and found again with their values', () => {
    const text = fillMessage(VALIDATION_MSG.tooLong, { max: 100 });
    expect(text).toBe('Must be at most 100 characters');
    expect(messageOf(text)).toEqual({ key: 'validation.tooLong', values: { max: 100 } });
    expect(messageOf('Must be one of: light, dark, auto')).toEqual({ key: 'validation.mustBeOneOf', values: { values: 'light, dark, auto' } });
  });

  it('name a plain text by its key, a plural one without its suffix, and nothing else', () => {
    expect(messageOf(MSG.invalidCredentials)).toEqual({ key: 'common.invalidCredentials' });
    expect(messageOf('3 user(s) imported')).toEqual({ key: 'users.imported', values: { count: 3 } });
    expect(messageOf('Maria Lopez')).toBeUndefined();
  });

  it('come out of the schemas as the catalogue writes them', () => {
    const r = proctorExtendSchema.safeParse({ attemptId: '00000000-0000-4000-8000-000000000000', minutes: 10_000 });
    expect(r.success).toBe(false);
    expect(messageOf(r.error!.issues[0]!.message)?.key).toBe('session.extendAtMost');
    const c = contactMessageSchema.safeParse({ name: '', email: 'a@b.co', subject: 'Hi', message: 'Long enough message' });
    expect(c.error!.issues[0]!.message).toBe('Name is required');
  });
});

describe('card actions', () => {
  it('read their words from the catalogue, in English by default', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const exam = {
      _id: 'e1',
      isPublished: true,
      schedule: { startDate: '2026-01-01T09:00:00Z', endDate: '2026-01-01T12:00:00Z' },
      settings: { allowMultipleAttempts: true, maxAttempts: 3 },
      userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2 },
    };
    expect(studentCardAction(exam, now).label).toBe('Attempt 2');
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;
    expect(studentCardAction(exam, now, { t, format: t }).label).toBe('cards.attempt{"number":2}');
  });
});
