import type { Role } from '@exam/shared';

/**
 * A link of the shell. Who is shown it is not said here: the route table's guard decides
 * (routeTable.canOpen), so a link and the page it opens can never disagree.
 */
export interface NavItem {
  label: string;
  href: string;
}

/** Header links of spec core §2 ("Navigation shell"). */
export const VISITOR_LINKS: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
  { label: 'Login', href: '/login' },
  { label: 'Register', href: '/register' },
];

export const ACCOUNT_LINKS: NavItem[] = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Notifications', href: '/notifications' },
  { label: 'Profile', href: '/profile' },
  { label: 'Settings', href: '/settings' },
];

/** Labels differ from the account links (no second "Settings") so each link name is unique. */
export const ROLE_LINKS: Record<Role, NavItem[]> = {
  teacher: [
    { label: 'My Exams', href: '/exams' },
    { label: 'Create Exam', href: '/create-exam' },
    { label: 'Students', href: '/students' },
    { label: 'Results', href: '/results' },
  ],
  student: [
    { label: 'Exams', href: '/exams' },
    { label: 'Results', href: '/results' },
    { label: 'Schedule', href: '/schedule' },
  ],
  parent: [
    { label: 'Children', href: '/children' },
    { label: 'Progress', href: '/progress' },
    { label: 'Reports', href: '/reports' },
  ],
  admin: [
    { label: 'Manage Users', href: '/admin/users' },
    { label: 'Manage Exams', href: '/admin/exams' },
    { label: 'Analytics', href: '/admin/analytics' },
    { label: 'Admin Settings', href: '/admin/settings' },
  ],
};

export const FOOTER_LINKS: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
  { label: 'Help', href: '/help' },
  { label: 'Exam List', href: '/exam-list' },
  { label: 'Create Exam', href: '/create-exam' },
  { label: 'Exam Results', href: '/exam-result' },
  { label: 'Payment', href: '/payment' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
  { label: 'Cookie Policy', href: '/cookies' },
];

/** A link is current on its own path and below it ('/' only on itself). */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
