import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema } from './auth';
import { MSG } from './messages';

const valid = {
  firstName: 'Maya',
  lastName: 'Lopez',
  email: ' Maya@School.TEST ',
  password: 'secret1',
  confirmPassword: 'secret1',
  role: 'student',
  grade: '10',
  section: 'B',
  acceptTerms: true,
};

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('registration rules', () => {
  it('accepts a complete student and normalises the e-mail and grade', () => {
    const r = registerSchema.parse(valid);
    expect(r).toMatchObject({ email: 'maya@school.test', grade: 10, section: 'B', role: 'student' });
    expect(r).not.toHaveProperty('confirmPassword');
  });

  it('reports the rules in their documented order: mismatch, length, names, student, teacher', () => {
    const form = registerFormSchema.safeParse({ ...valid, confirmPassword: 'other', password: '123', firstName: ' ', grade: '' });
    expect(messages(form).slice(0, 4)).toEqual([MSG.passwordsDoNotMatch, MSG.passwordTooShort, MSG.namesRequired, MSG.studentFieldsRequired]);
    const teacher = registerFormSchema.safeParse({ ...valid, role: 'teacher', subject: 'physics' });
    expect(messages(teacher)[0]).toBe(MSG.teacherFieldsRequired);
  });

  it('accepts a password of exactly 6 characters and refuses 5', () => {
    expect(registerSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...valid, password: '12345' }))).toEqual([MSG.passwordTooShort]);
  });

  it('lets nobody register as admin', () => {
    expect(messages(registerSchema.safeParse({ ...valid, role: 'admin' }))).toEqual([MSG.roleInvalid]);
  });

  it('keeps registration grades to 9–12 and sections to A–D', () => {
    expect(registerSchema.safeParse({ ...valid, grade: 9 }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, grade: 12 }).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...valid, grade: 8 }))).toEqual([MSG.gradeInvalid]);
    expect(messages(registerSchema.safeParse({ ...valid, section: 'E' }))).toEqual([MSG.sectionInvalid]);
  });

  it('drops role-specific fields that do not belong to the role', () => {
    const parent = registerSchema.parse({ ...valid, role: 'parent', subject: 'x' });
    expect(parent.grade).toBeUndefined();
    expect(parent.subject).toBeUndefined();
  });

  it('requires the terms on the form only', () => {
    expect(messages(registerFormSchema.safeParse({ ...valid, acceptTerms: false }))).toEqual([MSG.termsRequired]);
  });
});

describe('login rules', () => {
  it('requires an e-mail and a password', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual([MSG.emailRequired, MSG.passwordRequired]);
  });
});
