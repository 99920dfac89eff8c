import type { Role } from '@exam/shared';
import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/RouteError';
import { ProfilePage } from '../features/account/ProfilePage';
import { SettingsPage } from '../features/account/SettingsPage';
import { AdminExamDetailsPage } from '../features/admin/exams/AdminExamDetailsPage';
import { AdminExamsPage } from '../features/admin/exams/AdminExamsPage';
import { AdminUsersPage } from '../features/admin/users/AdminUsersPage';
import { AdminSettingsPage } from '../features/admin/settings/AdminSettingsPage';
import { AuthProvider } from '../features/auth/AuthProvider';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { AdminDashboardPage } from '../features/dashboard/AdminDashboardPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { StudentDashboardPage } from '../features/dashboard/StudentDashboardPage';
import { TeacherDashboardPage } from '../features/dashboard/TeacherDashboardPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { ExamTakingPage } from '../features/exam-taking/ExamTakingPage';
import { EditExamPage } from '../features/exams/pages/EditExamPage';
import { ExamListPage } from '../features/exams/pages/ExamListPage';
import { ExamQuestionsPage } from '../features/exams/pages/ExamQuestionsPage';
import { CreateExamPage } from '../features/exams/wizard/CreateExamPage';
import { ExamSubmissionsPage } from '../features/grading/ExamSubmissionsPage';
import { GradeSubmissionPage } from '../features/grading/GradeSubmissionPage';
import { HomePage } from '../features/home/HomePage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { PaymentPage } from '../features/payments/PaymentPage';
import { ChildProgressPage } from '../features/parent/ChildProgressPage';
import { ChildrenPage } from '../features/parent/ChildrenPage';
import { ParentDashboardPage } from '../features/parent/ParentDashboardPage';
import { ParentReportsPage } from '../features/parent/ParentReportsPage';
import { ParentRequestsPage } from '../features/parent/ParentRequestsPage';
import { ProctorBoardPage } from '../features/proctor/ProctorBoardPage';
import { AboutPage } from '../features/public/AboutPage';
import { ContactPage } from '../features/public/ContactPage';
import { CookiesPage } from '../features/public/CookiesPage';
import { DemoPage } from '../features/public/DemoPage';
import { HelpPage } from '../features/public/HelpPage';
import { PrivacyPage } from '../features/public/PrivacyPage';
import { TermsPage } from '../features/public/TermsPage';
import { ExamResultsPage } from '../features/reports/ExamResultsPage';
import { StudentProgressPage } from '../features/reports/StudentProgressPage';
import { ExamResultPage, SubmissionResultPage } from '../features/results/ResultPage';
import { ResultsListPage } from '../features/results/ResultsListPage';
import { SchedulePage } from '../features/schedule/SchedulePage';
import { StudentsPage } from '../features/students/StudentsPage';
import { RequireRole } from './guard/RequireRole';
import { Layout } from './layout/Layout';

/** A page behind the guard; without `roles` any signed-in role may enter. */
const guarded = (path: string, element: ReactElement, roles?: readonly Role[]): RouteObject => ({
  path,
  element: <RequireRole roles={roles}>{element}</RequireRole>,
});

/** Allowed-role lists of spec core §2 (route table). */
const STAFF: Role[] = ['teacher', 'admin'];
const STUDENT_TEACHER_PARENT: Role[] = ['student', 'teacher', 'parent'];

/**
 * The routes built so far (spec core §2 route table). Routes of later issues (submissions,
 * results, admin users, parent, profile...) are deliberately absent and fall to Page Not Found
 * until they exist.
 */
export const routes: RouteObject[] = [
  {
    // The session provider sits inside the router: an expired session navigates to /login.
    element: (
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    ),
    errorElement: <RouteError />,
    children: [
      {
        element: <Layout />,
        children: [
          {
            // A page that fails to render keeps the header and footer around the fallback.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'verify-email', element: <VerifyEmailPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
              { path: 'unauthorized', element: <UnauthorizedPage /> },
              {
                path: 'dashboard',
                element: (
                  <RequireRole>
                    <DashboardPage />
                  </RequireRole>
                ),
              },
              // Exam authoring and the catalogue (issue 3).
              guarded('exams', <ExamListPage />),
              guarded('exam-list', <ExamListPage />, STUDENT_TEACHER_PARENT),
              guarded('create-exam', <CreateExamPage />, STAFF),
              guarded('exam/edit/:examId', <EditExamPage />, STAFF),
              guarded('exam/:examId/edit', <EditExamPage />, STAFF),
              guarded('exam/:examId/questions', <ExamQuestionsPage />, STAFF),
              guarded('schedule', <SchedulePage />, STUDENT_TEACHER_PARENT),
              guarded('admin/exams', <AdminExamsPage />, ['admin']),
              guarded('admin/exams/:examId', <AdminExamDetailsPage />, ['admin', 'teacher']),
              // Taking an exam (issue 4).
              { path: 'exam/:examId', element: <RequireRole roles={['student']}><ExamTakingPage /></RequireRole> },
              // Grading, results and analytics (issue 6).
              // Admins have the teachers' exam pages too (spec core §6), and the server lets them read any result.
              guarded('exam-result/:submissionId', <SubmissionResultPage />, [...STUDENT_TEACHER_PARENT, 'admin']),
              guarded('exam/:examId/result', <ExamResultPage />, ['student']),
              guarded('exam/:examId/submissions', <ExamSubmissionsPage />, STAFF),
              guarded('exam/submissions/:examId', <ExamSubmissionsPage />, STAFF),
              guarded('grade-submission/:submissionId', <GradeSubmissionPage />, STAFF),
              guarded('exam/:examId/results', <ExamResultsPage />, STAFF),
              guarded('exam/results/:examId', <ExamResultsPage />, STAFF),
              guarded('results', <ResultsListPage />),
              guarded('results-list', <ResultsListPage />, STUDENT_TEACHER_PARENT),
              guarded('reports/student/:studentId/progress', <StudentProgressPage />, ['teacher', 'admin', 'parent']),
              // The live proctor board and notifications (issue 5).
              guarded('exam/:examId/proctor', <ProctorBoardPage />, STAFF),
              guarded('notifications', <NotificationsPage />),
              guarded('parent/notifications', <NotificationsPage />, ['parent']),
              // Payments (issue 15): any signed-in role; /payments is the spec's other link to it.
              guarded('payment', <PaymentPage />),
              guarded('payments', <PaymentPage />),
              // People: user management and the students list (issue 11, admin half).
              guarded('admin/users', <AdminUsersPage />, ['admin']),
              guarded('students', <StudentsPage />, STAFF),
              // The parent area and the student's answers to parent link requests (issue 11, parent half).
              guarded('parent/dashboard', <ParentDashboardPage />, ['parent']),
              guarded('parent/children', <ChildrenPage />, ['parent']),
              guarded('parent/child/:childId/progress', <ChildProgressPage />, ['parent']),
              guarded('parent/reports', <ParentReportsPage />, ['parent']),
              guarded('children', <Navigate to="/parent/dashboard" replace />, ['parent']),
              guarded('progress', <Navigate to="/parent/dashboard" replace />, ['parent']),
              guarded('reports', <Navigate to="/parent/reports" replace />, ['parent']),
              guarded('parent-requests', <ParentRequestsPage />, ['student']),
              // Your account: profile and settings (issue 12).
              guarded('profile', <ProfilePage />),
              guarded('settings', <SettingsPage />),
              // Role dashboards, admin analytics and the public site (issue 13).
              guarded('admin/dashboard', <AdminDashboardPage />, ['admin']),
              guarded('admin/analytics', <AdminDashboardPage />, ['admin']),
              guarded('admin/settings', <AdminSettingsPage />, ['admin']),
              guarded('teacher/dashboard', <TeacherDashboardPage />, ['teacher']),
              guarded('student/dashboard', <StudentDashboardPage />, ['student']),
              { path: 'about', element: <AboutPage /> },
              { path: 'contact', element: <ContactPage /> },
              { path: 'help', element: <HelpPage /> },
              { path: 'privacy', element: <PrivacyPage /> },
              { path: 'terms', element: <TermsPage /> },
              { path: 'cookies', element: <CookiesPage /> },
              { path: 'demo', element: <DemoPage /> },
              // The breadcrumb's "Admin Panel", "Teacher Portal"... lead to that role's dashboard.
              { path: 'admin', element: <Navigate to="/admin/dashboard" replace /> },
              { path: 'teacher', element: <Navigate to="/teacher/dashboard" replace /> },
              { path: 'student', element: <Navigate to="/student/dashboard" replace /> },
              { path: 'parent', element: <Navigate to="/parent/dashboard" replace /> },
              // The footer's "Exam Results" names no result: it leads to the list of them.
              { path: 'exam-result', element: <Navigate to="/results" replace /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
