import { MSG, registerFormSchema } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFieldErrors, firstFormError, zodValidate } from './zodForm';

describe('zodValidate', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({ name: z.string().min(3, 'too short').regex(/^\d+$/, 'digits only') });
    expect(zodValidate(schema)({ name: 'ab' })).toEqual({ name: 'too short' });
  });

  it('joins nested paths with dots, as Mantine names fields', () => {
    const schema = z.object({ schedule: z.object({ start: z.string().min(1, 'start required') }) });
    expect(zodValidate(schema)({ schedule: { start: '' } })).toEqual({ 'schedule.start': 'start required' });
  });

  it('returns no errors for valid values', () => {
    expect(zodValidate(z.object({ a: z.string() }))({ a: 'x' })).toEqual({});
  });

  it("puts the registration rules in the documented order", () => {
    const errors = zodValidate(registerFormSchema)({
      firstName: '',
      lastName: '',
      email: 'a@b.co',
      password: 'abc',
      confirmPassword: 'xyz',
      role: 'teacher',
      acceptTerms: true,
    });
    expect(Object.values(errors)).toEqual([
      MSG.passwordsDoNotMatch,
      MSG.passwordTooShort,
      MSG.namesRequired,
      MSG.teacherFieldsRequired,
    ]);
    expect(firstFormError(errors)).toBe(MSG.passwordsDoNotMatch);
  });
});

describe('apiFieldErrors', () => {
  it("maps the server's errors to fields, first message per field", () => {
    expect(
      apiFieldErrors([
        { field: 'email', msg: 'taken' },
        { field: 'email', msg: 'second' },
        { field: 'password', msg: 'weak' },
      ]),
    ).toEqual({ email: 'taken', password: 'weak' });
  });
});
