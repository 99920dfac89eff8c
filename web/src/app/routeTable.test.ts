import type { Role } from '@exam/shared';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACTIONS, QUICK_ACTIONS } from '../features/dashboard/quickActions';
import { guardDecision } from './guard/guardDecision';
import { ACCOUNT_LINKS, FOOTER_LINKS, ROLE_LINKS } from './layout/navLinks';
import { routes } from './router';
import { canOpen } from './routeTable';

const ROLES: Role[] = ['admin', 'teacher', 'student', 'parent'];

/** What the guard on the route that renders `path` decides for a verified, active user of `role`. */
function guardFor(path: string, role: Role): 'allow' | 'denied' | 'missing' {
  const leaf = matchRoutes(routes, path.split('#')[0]!)?.at(-1);
  if (!leaf || leaf.route.path === '*') return 'missing';
  const element = leaf.route.element;
  // Public pages have no guard; guarded ones hold RequireRole with the route's role list.
  const roles = isValidElement<{ roles?: Role[] }>(element) && 'roles' in (element.props as object) ? element.props.roles : undefined;
  const guarded = isValidElement(element) && (element.type as { name?: string }).name === 'RequireRole';
  if (!guarded) return 'allow';
  const decision = guardDecision({ isLoading: false, isAuthenticated: true, user: { role, isVerified: true, isActive: true } }, roles);
  return decision === 'allow' ? 'allow' : 'denied';
}

/** Every link of the shell and the dashboards' quick actions a role could be offered. */
function candidateLinks(role: Role): string[] {
  return [...ACCOUNT_LINKS, ...ROLE_LINKS[role], ...FOOTER_LINKS].map((l) => l.href).concat([...QUICK_ACTIONS[role], ...ACCOUNT_ACTIONS].map((a) => a.to));
}

describe('canOpen: one table for the guard and the links', () => {
  it.each(ROLES)('offers %s exactly the header, footer and quick-action links its guard lets through', (role) => {
    for (const href of candidateLinks(role)) {
      expect(canOpen(routes, href, role), `${role}: ${href}`).toBe(guardFor(href, role) === 'allow');
    }
  });

  it('keeps every link of the shell pointing at a page that exists', () => {
    for (const role of ROLES) for (const href of candidateLinks(role)) expect(guardFor(href, role), href).not.toBe('missing');
  });

  it('does not show a student "Create Exam" in the footer, nor an admin the schedule', () => {
    expect(canOpen(routes, '/create-exam', 'student')).toBe(false);
    expect(canOpen(routes, '/create-exam', 'teacher')).toBe(true);
    expect(canOpen(routes, '/schedule', 'admin')).toBe(false);
    expect(canOpen(routes, '/schedule', 'student')).toBe(true);
  });

  it('offers a visitor the pages that ask them to sign in, but never a missing page', () => {
    expect(canOpen(routes, '/create-exam', null)).toBe(true);
    expect(canOpen(routes, '/no-such-page', null)).toBe(false);
    expect(canOpen(routes, '/no-such-page', 'admin')).toBe(false);
  });

  it('reads the path without its hash or query', () => {
    expect(canOpen(routes, '/teacher/dashboard#pending-grading', 'teacher')).toBe(true);
    expect(canOpen(routes, '/teacher/dashboard#pending-grading', 'student')).toBe(false);
  });

  it('agrees with the guard on every guarded route of the table, for every role', () => {
    const paths: string[] = [];
    const walk = (rs: typeof routes) => rs.forEach((r) => (r.path && r.path !== '*' && paths.push(`/${r.path.replace(/:[A-Za-z]+/g, 'x1')}`), r.children && walk(r.children)));
    walk(routes);
    expect(paths.length).toBeGreaterThan(50);
    for (const role of ROLES) for (const path of paths) expect(canOpen(routes, path, role), `${role}: ${path}`).toBe(guardFor(path, role) === 'allow');
  }, 30_000);
});
