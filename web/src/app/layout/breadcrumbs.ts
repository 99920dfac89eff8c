/** Segment labels fixed by the spec (core §2, surroundings §2); other segments are capitalised. */
const SEGMENT_LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  'create-exam': 'Create Exam',
  'exam-list': 'Exam List',
  'exam-result': 'Exam Result',
  profile: 'Profile',
  settings: 'Settings',
  notifications: 'Notifications',
  help: 'Help',
  about: 'About',
  contact: 'Contact',
  payment: 'Payment',
  admin: 'Admin Panel',
  teacher: 'Teacher Portal',
  student: 'Student Portal',
  parent: 'Parent Portal',
};

export interface Crumb {
  label: string;
  href: string;
}

export function segmentLabel(segment: string): string {
  const label = SEGMENT_LABELS[segment];
  if (label) return label;
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

/** '/admin/users' → Home › Admin Panel › Users, each crumb linking to its own prefix. */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((raw, index) => {
    crumbs.push({ label: segmentLabel(safeDecode(raw)), href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return crumbs;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
