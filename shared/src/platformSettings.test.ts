import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, emailDomainAllowed, gradeOnScale, platformSettingsSchema, resultGrade } from './index';

describe('platform settings', () => {
  it('grades on the default scale exactly as the results list letters', () => {
    for (const pct of [100, 90, 89, 80, 75, 60, 55, 40, 39, 0]) expect(gradeOnScale(DEFAULT_PLATFORM_SETTINGS.gradingScale, pct)).toBe(resultGrade(pct));
  });
  it('grades on a school’s own scale', () => {
    const scale = { bands: [{ min: 85, letter: 'Dist' }, { min: 50, letter: 'Pass' }], fallback: 'Fail' };
    expect([90, 60, 10].map((p) => gradeOnScale(scale, p))).toEqual(['Dist', 'Pass', 'Fail']);
  });
  it('refuses bands out of order', () => {
    const bad = { ...DEFAULT_PLATFORM_SETTINGS, gradingScale: { bands: [{ min: 50, letter: 'C' }, { min: 90, letter: 'A' }], fallback: 'F' } };
    expect(platformSettingsSchema.safeParse(bad).success).toBe(false);
    expect(platformSettingsSchema.safeParse(DEFAULT_PLATFORM_SETTINGS).success).toBe(true);
  });
  it('limits registration to the listed domains and their subdomains', () => {
    expect(emailDomainAllowed('a@anything.org', [])).toBe(true);
    expect(emailDomainAllowed('a@school.edu', ['school.edu'])).toBe(true);
    expect(emailDomainAllowed('a@pupils.school.edu', ['school.edu'])).toBe(true);
    expect(emailDomainAllowed('a@evilschool.edu', ['school.edu'])).toBe(false);
  });
});
