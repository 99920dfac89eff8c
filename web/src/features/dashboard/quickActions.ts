import type { Role } from '@exam/shared';
import type { QuickAction } from './components';

/**
 * Quick actions by role. The documented /users, /reports, /submissions and /payments
 * are shown here as the screens that do those jobs in this product. Each `id` names its label and
 * description in the `dashboard` catalogue (quickActions.<id>).
 */
export const QUICK_ACTIONS: Record<Role, QuickAction[]> = {
  admin: [
    { id: 'adminDashboard', to: '/admin/dashboard' },
    { id: 'manageUsers', to: '/admin/users' },
    { id: 'manageExams', to: '/admin/exams' },
  ],
  teacher: [
    { id: 'createExam', to: '/create-exam' },
    { id: 'teacherExams', to: '/exams' },
    { id: 'gradeSubmissions', to: '/teacher/dashboard#pending-grading' },
  ],
  student: [
    { id: 'studentExams', to: '/exams' },
    { id: 'results', to: '/results' },
    { id: 'schedule', to: '/schedule' },
  ],
  parent: [
    { id: 'parentDashboard', to: '/parent/dashboard' },
    { id: 'reports', to: '/parent/reports' },
    { id: 'payments', to: '/payment' },
  ],
};

export const ADMIN_SETTINGS_ACTION: QuickAction = { id: 'adminSettings', to: '/admin/settings' };

export const ACCOUNT_ACTIONS: QuickAction[] = [
  { id: 'profile', to: '/profile' },
  { id: 'settings', to: '/settings' },
];
