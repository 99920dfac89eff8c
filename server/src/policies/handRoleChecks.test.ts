import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROLE = `'(?:admin|teacher|student|parent)'`;

/**
 * The ways a role gets decided by hand. Reading data is not deciding: an account inserted with
 * `role: 'student'`, a query for `where({ role: 'admin' })` (which accounts are admins) or a zod
 * enum of the roles name a role without asking what the caller may do.
 */
const HAND_CHECKS: { what: string; pattern: RegExp }[] = [
  { what: 'a role compared to a literal', pattern: new RegExp(`\\brole\\s*[!=]==?\\s*${ROLE}|${ROLE}\\s*[!=]==?\\s*[\\w.]*\\brole\\b`) },
  { what: 'a list of roles searched for a role', pattern: new RegExp(`\\[\\s*${ROLE}(?:\\s*,\\s*${ROLE})*\\s*\\]\\s*\\.includes\\(`) },
  { what: 'a route gate given a role list of its own', pattern: new RegExp(`\\bauth\\([^)]*\\[\\s*${ROLE}`) },
  { what: 'a switch over a role', pattern: /\bswitch\s*\([\w.]*\brole\)/ },
];

/** Where the rules live, and what is not the running server (tests, fixtures, seed data). */
const EXEMPT = /^(policies\/|test\/|faults\/|seed\/)|\.test\.ts$/;

function sourceFiles(dir: string, rel = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return sourceFiles(path.join(dir, e.name), r);
    return e.name.endsWith('.ts') && !EXEMPT.test(r) ? [r] : [];
  });
}

/** Each line of `text` that decides a role by hand, as `file:line: what`. */
function handRoleChecks(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => HAND_CHECKS.filter((c) => c.pattern.test(line)).map((c) => `${file}:${i + 1}: ${c.what}`));
}

describe('who may do what is decided by the policies alone', () => {
  it('no route, socket handler, service or presenter compares a role by hand', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => handRoleChecks(f, readFileSync(path.join(SRC, f), 'utf8')))).toEqual([]);
  });

  it('flags each way of deciding a role by hand, and not a role written as data', () => {
    const flagged = [
      "if (viewer.user.role === 'admin') return q;",
      "if (user.role !== 'student') throw Errors.forbidden();",
      "const staff = ['teacher', 'admin'].includes(user.role);",
      "router.get('/admin', auth(deps, ['admin']), handler);",
      'switch (viewer.user.role) {',
      "if ('parent' === user.role) return;",
    ];
    const data = [
      "await db('users').insert({ email, role: 'student' });",
      "const admins = await trx('users').where({ role: 'admin', is_active: true });",
      "role: z.enum(['student', 'teacher', 'parent', 'admin']),",
      "router.get('/admin', auth(deps, ADMINS), handler);",
      'if (administers(user.role)) return q;',
    ];
    expect(flagged.map((line) => handRoleChecks('x.ts', line).length)).toEqual(flagged.map(() => 1));
    expect(data.flatMap((line) => handRoleChecks('x.ts', line))).toEqual([]);
  });
});
