import type { Role } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { administers, followsChildren, inAClass, isStaff, sitsExams, teachesSubject } from './people';

describe('what each role is for', () => {
  const roles: Role[] = ['admin', 'teacher', 'student', 'parent'];
  const table: [string, (role: string) => boolean, Role[]][] = [
    ['administers the school', administers, ['admin']],
    ['authors, grades and proctors exams', isStaff, ['admin', 'teacher']],
    ['sits exams', sitsExams, ['student']],
    ['belongs to a class', inAClass, ['student']],
    ['teaches a subject', teachesSubject, ['teacher']],
    ['follows linked children', followsChildren, ['parent']],
  ];
  it.each(table)('who %s', (_what, predicate, expected) => {
    expect(roles.filter((r) => predicate(r))).toEqual(expected);
  });

  it('a role an import file names that is no role is none of them', () => {
    expect(table.some(([, predicate]) => predicate('principal'))).toBe(false);
  });
});
