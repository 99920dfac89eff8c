import type { ImportRow } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './importCsv';

const row = (over: Partial<ImportRow>): ImportRow => ({
  line: 2,
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@school.test',
  role: 'student',
  grade: '4',
  section: 'B',
  subject: '',
  parentEmail: 'mum@home.test',
  problems: ['stale problem'],
  ...over,
});

describe('rowsToCsv', () => {
  it('writes the header and each row in the import column order, without the problems', () => {
    expect(rowsToCsv([row({})])).toBe('firstName,lastName,email,role,grade,section,subject,parentEmail\nAna,Lee,ana@school.test,student,4,B,,mum@home.test');
  });

  it('quotes values holding commas, quotes or line breaks so a fixed row reads back the same', () => {
    const csv = rowsToCsv([row({ lastName: 'Lee, "Jr"', firstName: 'A\nB' })]);
    expect(csv.slice(csv.indexOf('\n') + 1)).toBe('"A\nB","Lee, ""Jr""",ana@school.test,student,4,B,,mum@home.test');
  });
});
