import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { examKeys } from '../../features/exams/hooks';
import { resultKeys } from '../../features/results/hooks';
import { routes } from '../router';
import { canOpen, matchPage } from '../routeTable';
import { breadcrumbs, segmentLabel } from './breadcrumbs';

const EXAM = '3f2b8a4e-9c1d-4e5f-8a7b-6c5d4e3f2a1b';
const SUBMISSION = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

function cacheWith(entries: [readonly unknown[], unknown][] = []): QueryClient {
  const client = new QueryClient();
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}
const withExam = () => cacheWith([[examKeys.detail(EXAM), { _id: EXAM, title: 'Algebra Midterm' }]]);

/** Every path a route table can render, with its params filled by a sample id. */
function allPaths(table: RouteObject[]): string[] {
  const out: string[] = [];
  const walk = (rs: RouteObject[]) =>
    rs.forEach((r) => {
      if (r.path && r.path !== '*') out.push(`/${r.path.replace(/:[A-Za-z]+/g, EXAM)}`);
      if (r.children) walk(r.children);
    });
  walk(table);
  return out;
}

describe('breadcrumbs', () => {
  it('uses the documented labels for the portal segments', () => {
    expect(segmentLabel('admin')).toBe('Admin Panel');
    expect(segmentLabel('teacher')).toBe('Teacher Portal');
    expect(segmentLabel('student')).toBe('Student Portal');
    expect(segmentLabel('parent')).toBe('Parent Portal');
  });

  it('uses the documented labels for the named pages and capitalises any other segment', () => {
    expect(segmentLabel('create-exam')).toBe('Create Exam');
    expect(segmentLabel('exam-list')).toBe('Exam List');
    expect(segmentLabel('users')).toBe('Users');
  });

  it('starts at Home and links every crumb the role may open', () => {
    expect(breadcrumbs(routes, '/admin/users', 'admin', cacheWith())).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Admin Panel', href: '/admin' },
      { label: 'Users', href: '/admin/users' },
    ]);
  });

  it('ignores empty segments from trailing or doubled slashes', () => {
    expect(breadcrumbs(routes, '/teacher//dashboard/', 'teacher', cacheWith()).map((c) => c.label)).toEqual(['Home', 'Teacher Portal', 'Dashboard']);
  });

  it('is only Home on the root path', () => {
    expect(breadcrumbs(routes, '/', null, cacheWith())).toEqual([{ label: 'Home', href: '/' }]);
  });

  it("names the exam by its title on the teacher's exam pages, under the exam's details", () => {
    for (const [path, last] of [
      [`/exam/${EXAM}/questions`, 'Questions'],
      [`/exam/results/${EXAM}`, 'Results'],
      [`/exam/${EXAM}/results`, 'Results'],
      [`/exam/${EXAM}/submissions`, 'Submissions'],
      [`/exam/${EXAM}/preview`, 'Preview'],
    ]) {
      expect(breadcrumbs(routes, path!, 'teacher', withExam())).toEqual([
        { label: 'Home', href: '/' },
        { label: 'Exams', href: '/exams' },
        { label: 'Algebra Midterm', href: `/admin/exams/${EXAM}` },
        { label: last, href: path },
      ]);
    }
  });

  it("puts an admin's exam under the admin's exam list", () => {
    expect(breadcrumbs(routes, `/admin/exams/${EXAM}`, 'admin', withExam()).map((c) => c.label)).toEqual(['Home', 'Admin Panel', 'Exams', 'Algebra Midterm']);
  });

  it('says "Exam" until the title is loaded, never the id', () => {
    const crumbs = breadcrumbs(routes, `/exam/${EXAM}/questions`, 'teacher', cacheWith());
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Exams', 'Exam', 'Questions']);
  });

  it('finds the title in a loaded exam list when the exam itself is not loaded', () => {
    const cache = cacheWith([[examKeys.list({ page: 1 } as never), { exams: [{ _id: EXAM, title: 'Listed Exam' }] }]]);
    expect(breadcrumbs(routes, `/admin/exams/${EXAM}`, 'teacher', cache).at(-1)!.label).toBe('Listed Exam');
  });

  it('names a result by its exam under the results list', () => {
    const cache = cacheWith([[resultKeys.detail(SUBMISSION), { submission: { examId: EXAM, exam: { _id: EXAM, title: 'Algebra Midterm' } } }]]);
    expect(breadcrumbs(routes, `/exam-result/${SUBMISSION}`, 'student', cache).map((c) => c.label)).toEqual(['Home', 'Results', 'Algebra Midterm']);
  });

  it("leaves a page the role cannot open as plain text (a teacher never links to the student's exam screen)", () => {
    const crumbs = breadcrumbs(routes, `/exam/${EXAM}/result`, 'teacher', withExam());
    expect(crumbs.filter((c) => c.href).every((c) => canOpen(routes, c.href!, 'teacher'))).toBe(true);
  });

  it('on every page, for every role, shows no id and links only to pages that render for that role', () => {
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      for (const path of allPaths(routes)) {
        const crumbs = breadcrumbs(routes, path, role, cacheWith());
        for (const crumb of crumbs) {
          expect(crumb.label, `${role} on ${path}`).not.toContain(EXAM);
          if (crumb.href) {
            expect(matchPage(routes, crumb.href), `${role} on ${path}: ${crumb.href} exists`).toBeDefined();
            expect(canOpen(routes, crumb.href, role), `${role} on ${path}: may open ${crumb.href}`).toBe(true);
          }
        }
      }
    }
  }, 30_000);
});
