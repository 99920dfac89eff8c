import type { Role } from '@exam/shared';
import type { QuickAction } from './components';

/**
 * Quick actions by role (surroundings §2). The spec's /users, /reports, /submissions and /payments
 * are shown here as the screens that do those jobs in this product.
 */
export const QUICK_ACTIONS: Record<Role, QuickAction[]> = {
  admin: [
    { label: 'Admin Dashboard', to: '/admin/dashboard', description: 'Totals, trends and system health.' },
    { label: 'Manage Users', to: '/admin/users', description: 'Add, edit and remove accounts.' },
    { label: 'Manage Exams', to: '/admin/exams', description: 'Every exam on the platform.' },
  ],
  teacher: [
    { label: 'Create Exam', to: '/create-exam', description: 'Set up a new exam.' },
    { label: 'My Exams', to: '/exams', description: 'Your exams, their questions and results.' },
    { label: 'Grade Submissions', to: '/teacher/dashboard#pending-grading', description: 'Essays waiting for your marks.' },
  ],
  student: [
    { label: 'My Exams', to: '/exams', description: 'Exams you can take.' },
    { label: 'My Results', to: '/results', description: 'Scores and feedback.' },
    { label: 'Schedule', to: '/schedule', description: 'What is coming up and when.' },
  ],
  parent: [
    { label: 'Parent Dashboard', to: '/parent/dashboard', description: 'Your children at a glance.' },
    { label: 'Reports', to: '/parent/reports', description: 'Progress reports to keep.' },
    { label: 'Payments', to: '/payment', description: 'Fees and payment history.' },
  ],
};

export const ACCOUNT_ACTIONS: QuickAction[] = [
  { label: 'Profile', to: '/profile', description: 'Your personal details and password.' },
  { label: 'Settings', to: '/settings', description: 'Notifications, privacy and preferences.' },
];
