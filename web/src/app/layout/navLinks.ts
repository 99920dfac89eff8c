import type { Role } from '@exam/shared';

/**
 * A link of the shell. Who is shown it is not said here: the route table's guard decides
 * (routeTable.canOpen), so a link and the page it opens can never disagree.
 */
export interface NavItem {
  /** The link's words: a key of common:nav. */
  key: string;
  href: string;
}

/** Header links ("Navigation shell"). */
export const VISITOR_LINKS: NavItem[] = [
  { key: 'home', href: '/' },
  { key: 'about', href: '/about' },
  { key: 'contact', href: '/contact' },
  { key: 'login', href: '/login' },
  { key: 'register', href: '/register' },
];

export const ACCOUNT_LINKS: NavItem[] = [
  { key: 'dashboard', href: '/dashboard' },
  { key: 'notifications', href: '/notifications' },
  { key: 'profile', href: '/profile' },
  { key: 'settings', href: '/settings' },
];

/** Labels differ from the account links (no second "Settings") so each link name is unique. */
export const ROLE_LINKS: Record<Role, NavItem[]> = {
  teacher: [
    { key: 'myExams', href: '/exams' },
    { key: 'createExam', href: '/create-exam' },
    { key: 'questionBank', href: '/questions' },
    { key: 'students', href: '/students' },
    { key: 'results', href: '/results' },
  ],
  student: [
    { key: 'exams', href: '/exams' },
    { key: 'results', href: '/results' },
    { key: 'schedule', href: '/schedule' },
  ],
  parent: [
    { key: 'children', href: '/children' },
    { key: 'progress', href: '/progress' },
    { key: 'reports', href: '/reports' },
  ],
  admin: [
    { key: 'manageUsers', href: '/admin/users' },
    { key: 'manageExams', href: '/admin/exams' },
    { key: 'questionBank', href: '/questions' },
    { key: 'analytics', href: '/admin/analytics' },
    { key: 'adminSettings', href: '/admin/settings' },
    { key: 'lti', href: '/admin/lti' },
  ],
};

export const FOOTER_LINKS: NavItem[] = [
  { key: 'home', href: '/' },
  { key: 'about', href: '/about' },
  { key: 'contact', href: '/contact' },
  { key: 'help', href: '/help' },
  { key: 'examList', href: '/exam-list' },
  { key: 'createExam', href: '/create-exam' },
  { key: 'examResults', href: '/exam-result' },
  { key: 'payment', href: '/payment' },
  { key: 'privacy', href: '/privacy' },
  { key: 'terms', href: '/terms' },
  { key: 'cookies', href: '/cookies' },
];

/** A link is current on its own path and below it ('/' only on itself). */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
