import { describe, expect, it } from 'vitest';
import { breadcrumbs, segmentLabel } from './breadcrumbs';

describe('breadcrumbs', () => {
  it('uses the spec labels for the portal segments', () => {
    expect(segmentLabel('admin')).toBe('Admin Panel');
    expect(segmentLabel('teacher')).toBe('Teacher Portal');
    expect(segmentLabel('student')).toBe('Student Portal');
    expect(segmentLabel('parent')).toBe('Parent Portal');
  });

  it('uses the spec labels for the named pages', () => {
    expect(segmentLabel('dashboard')).toBe('Dashboard');
    expect(segmentLabel('create-exam')).toBe('Create Exam');
    expect(segmentLabel('exam-list')).toBe('Exam List');
    expect(segmentLabel('exam-result')).toBe('Exam Result');
    expect(segmentLabel('notifications')).toBe('Notifications');
    expect(segmentLabel('payment')).toBe('Payment');
  });

  it('capitalises any other segment', () => {
    expect(segmentLabel('users')).toBe('Users');
    expect(segmentLabel('verify-email')).toBe('Verify-email');
  });

  it('starts at Home and links every crumb to its own prefix', () => {
    expect(breadcrumbs('/admin/users')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Admin Panel', href: '/admin' },
      { label: 'Users', href: '/admin/users' },
    ]);
  });

  it('ignores empty segments from trailing or doubled slashes', () => {
    expect(breadcrumbs('/teacher//dashboard/')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Teacher Portal', href: '/teacher' },
      { label: 'Dashboard', href: '/teacher/dashboard' },
    ]);
  });

  it('is only Home on the root path', () => {
    expect(breadcrumbs('/')).toEqual([{ label: 'Home', href: '/' }]);
  });
});
