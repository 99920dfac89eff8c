import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, emailDomainAllowed, gradeOnScale, gradeRanges, platformSettingsSchema, scaleLetters } from './index';

describe('platform settings', () => {
  it('grades on the default scale: 90 A+, 80 A, 70 B+, 60 B, 50 C, 40 D, else F', () => {
    const letters = [100, 90, 89, 80, 79, 70, 69, 60, 59, 50, 49, 40, 39, 0].map((p) => gradeOnScale(DEFAULT_PLATFORM_SETTINGS.gradingScale, p));
    expect(letters).toEqual(['A+', 'A+', 'A', 'A', 'B+', 'B+', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F']);
  });
  it('knows which percentages each letter covers, for filtering by letter', () => {
    const scale = DEFAULT_PLATFORM_SETTINGS.gradingScale;
    expect(scaleLetters(scale)).toEqual(['A+', 'A', 'B+', 'B', 'C', 'D', 'F']);
    expect(gradeRanges(scale, 'A+')).toEqual([[90, 100]]);
    expect(gradeRanges(scale, 'B')).toEqual([[60, 69]]);
    expect(gradeRanges(scale, 'F')).toEqual([[0, 39]]);
    expect(gradeRanges(scale, 'Z')).toEqual([]);
    expect(gradeRanges({ bands: [{ min: 80, letter: 'P' }, { min: 50, letter: 'M' }, { min: 30, letter: 'P' }], fallback: 'N' }, 'P')).toEqual([[80, 100], [30, 49]]);
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

describe('the school’s time zone and language', () => {
  const withSchool = (change: Record<string, unknown>) => platformSettingsSchema.safeParse({ ...DEFAULT_PLATFORM_SETTINGS, ...change });

  it('default to UTC and English, also for settings saved before they existed', () => {
    expect(DEFAULT_PLATFORM_SETTINGS).toMatchObject({ timezone: 'UTC', language: 'en' });
    const { timezone: _z, language: _l, ...older } = DEFAULT_PLATFORM_SETTINGS;
    expect(platformSettingsSchema.parse(older)).toMatchObject({ timezone: 'UTC', language: 'en' });
  });

  it('take an IANA zone and a language the app speaks', () => {
    expect(withSchool({ timezone: 'Europe/Berlin', language: 'de' }).data).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });

  it('refuse an unknown zone or language with the catalogue text', () => {
    expect(withSchool({ timezone: 'Mars/Olympus' }).error?.issues[0]).toMatchObject({ path: ['timezone'], message: 'Unknown time zone' });
    expect(withSchool({ language: 'ja' }).error?.issues[0]).toMatchObject({ path: ['language'], message: 'Must be one of: en, es, fr, de' });
  });
});
