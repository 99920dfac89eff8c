import type { Role } from '@exam/shared';
import type { ReactElement } from 'react';
import { createBrowserRouter, Navigate, Outlet, type Params, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/RouteError';
import { GuestOnly } from './guard/GuestOnly';
import { ProfilePage } from '../features/account/ProfilePage';
import { SettingsPage } from '../features/account/SettingsPage';
import { AdminExamDetailsPage } from '../features/admin/exams/AdminExamDetailsPage';
import { AdminExamsPage } from '../features/admin/exams/AdminExamsPage';
import { AdminUsersPage } from '../features/admin/users/AdminUsersPage';
import { AdminSettingsPage } from '../features/admin/settings/AdminSettingsPage';
import { AdminLtiPage } from '../features/admin/lti/AdminLtiPage';
import { AuthProvider } from '../session/AuthProvider';
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
import { ExamPreviewPage } from '../features/exams/preview/ExamPreviewPage';
import { CreateExamPage } from '../features/exams/wizard/CreateExamPage';
import { ExamStaffPage } from '../features/exam-staff/ExamStaffPage';
import { ExamSubmissionsPage } from '../features/grading/ExamSubmissionsPage';
import { GradeSubmissionPage } from '../features/grading/GradeSubmissionPage';
import { HomePage } from '../features/home/HomePage';
import { LtiDeepLinkPage } from '../features/lti/LtiDeepLinkPage';
import { LtiStartPage } from '../features/lti/LtiStartPage';
import { AttemptTimelinePage } from '../features/integrity/AttemptTimelinePage';
import { ReviewPage } from '../features/integrity/ReviewPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { PaymentPage } from '../features/payments/PaymentPage';
import { ChildProgressPage } from '../features/parent/ChildProgressPage';
import { ChildrenPage } from '../features/parent/ChildrenPage';
import { ParentDashboardPage } from '../features/parent/ParentDashboardPage';
import { ParentReportsPage } from '../features/parent/ParentReportsPage';
import { ParentRequestsPage } from '../features/parent/ParentRequestsPage';
import { ProctorBoardPage } from '../features/proctor/ProctorBoardPage';
import { QuestionBankPage } from '../features/question-bank/QuestionBankPage';
import { RubricLibraryPage } from '../features/rubrics/RubricLibraryPage';
import { MarkingOverviewPage } from '../features/grading/marking/MarkingOverviewPage';
import { QuestionMarkingPage } from '../features/grading/marking/QuestionMarkingPage';
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
import { childName, examTitle, reportStudentName, submissionExamId, submissionExamTitle } from './crumbNames';
import { RequireRole } from './guard/RequireRole';
import { Layout } from './layout/Layout';
import { CanOpenProvider, RouteTableContext, type CrumbKey, type CrumbSpec, type RouteHandle } from './routeTable';

/**
 * A page behind the guard; without `roles` any signed-in role may enter. The same list goes into
 * the route's handle, which decides whether links to the page are shown (routeTable.canOpen).
 */
const guarded = (path: string, element: ReactElement, roles?: readonly Role[], handle: Omit<RouteHandle, 'access'> = {}): RouteObject => ({
  path,
  element: <RequireRole roles={roles}>{element}</RequireRole>,
  handle: { ...handle, access: roles ?? 'signed-in' } satisfies RouteHandle,
});

/** Allowed-role lists (route table). */
const STAFF: Role[] = ['teacher', 'admin'];
const STUDENT_TEACHER_PARENT: Role[] = ['student', 'teacher', 'parent'];

// Breadcrumbs of the pages about one exam: its name, under the exam's details page.
const examDetails = (p: Params) => `/admin/exams/${p.examId ?? ''}`;
const underExam = (label: CrumbKey): Pick<RouteHandle, 'crumb'> => ({ crumb: { labelKey: label, parent: examDetails } });
const examCrumb: Pick<RouteHandle, 'crumb'> = {
  crumb: { labelKey: 'exam', name: examTitle, parent: (_p, role) => (role === 'admin' ? '/admin/exams' : '/exams') },
};
const resultCrumb = (name: CrumbSpec['name']): Pick<RouteHandle, 'crumb'> => ({ crumb: { labelKey: 'examResult', name, parent: () => '/results' } });
const WIDE = { wide: true };
/** A submission's way back: its exam's submissions once the submission is loaded, else the exams. */
const submissionsOf = (examId: string | undefined) => (examId ? `/exam/${examId}/submissions` : '/exams');

/** The root element: the session, and the route table for the links that consult it. */
function Root() {
  return (
    <RouteTableContext.Provider value={routes}>
      <AuthProvider>
        <CanOpenProvider>
          <Outlet />
        </CanOpenProvider>
      </AuthProvider>
    </RouteTableContext.Provider>
  );
}

/**
 * The route table. Links anywhere in the app are shown to a role only where this
 * table's guard lets it in; unknown paths fall to Page Not Found.
 */
export const routes: RouteObject[] = [
  {
    // The session provider sits inside the router: an expired session navigates to /login.
    element: <Root />,
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
              { path: 'login', element: <GuestOnly><LoginPage /></GuestOnly> },
              { path: 'register', element: <GuestOnly><RegisterPage /></GuestOnly> },
              { path: 'verify-email', element: <VerifyEmailPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
              { path: 'unauthorized', element: <UnauthorizedPage /> },
              // A launch from the LMS signs in here (outside the guard), and a teacher picks an exam for a new activity.
              { path: 'lti/start', element: <LtiStartPage /> },
              { path: 'lti/deep-link', element: <LtiDeepLinkPage /> },
              guarded('dashboard', <DashboardPage />),
              // Exam authoring and the catalogue.
              guarded('exams', <ExamListPage />),
              guarded('exam-list', <ExamListPage />, STUDENT_TEACHER_PARENT),
              guarded('create-exam', <CreateExamPage />, STAFF),
              guarded('exam/edit/:examId', <EditExamPage />, STAFF, underExam('edit')),
              guarded('exam/:examId/edit', <EditExamPage />, STAFF, underExam('edit')),
              guarded('exam/:examId/questions', <ExamQuestionsPage />, STAFF, underExam('questions')),
              guarded('exam/:examId/preview', <ExamPreviewPage />, STAFF, underExam('preview')),
              guarded('questions', <QuestionBankPage />, STAFF, { crumb: { labelKey: 'questions' }, ...WIDE }),
              guarded('rubrics', <RubricLibraryPage />, STAFF, { crumb: { labelKey: 'rubrics', parent: () => '/questions' } }),
              guarded('schedule', <SchedulePage />, STUDENT_TEACHER_PARENT),
              guarded('admin/exams', <AdminExamsPage />, ['admin'], WIDE),
              guarded('admin/exams/:examId', <AdminExamDetailsPage />, ['admin', 'teacher'], examCrumb),
              // Taking an exam.
              guarded('exam/:examId', <ExamTakingPage />, ['student'], { crumb: { labelKey: 'exam', name: examTitle, parent: () => '/exams' } }),
              // Grading, results and analytics.
              // Admins have the teachers' exam pages too, and the server lets them read any result.
              guarded('exam-result/:submissionId', <SubmissionResultPage />, [...STUDENT_TEACHER_PARENT, 'admin'], resultCrumb(submissionExamTitle)),
              guarded('exam/:examId/result', <ExamResultPage />, ['student'], resultCrumb(examTitle)),
              guarded('exam/:examId/submissions', <ExamSubmissionsPage />, STAFF, underExam('submissions')),
              guarded('exam/submissions/:examId', <ExamSubmissionsPage />, STAFF, underExam('submissions')),
              guarded('grade-submission/:submissionId', <GradeSubmissionPage />, STAFF, {
                // No student's name here: the grader may have chosen anonymous grading.
                crumb: { labelKey: 'gradeSubmission', parent: (p, _role, cache) => submissionsOf(submissionExamId(p, cache)) },
              }),
              // Marking a whole class by question (issue 55).
              guarded('exam/:examId/marking', <MarkingOverviewPage />, STAFF, underExam('marking')),
              guarded('exam/:examId/marking/:questionId', <QuestionMarkingPage />, STAFF, {
                crumb: { labelKey: 'markQuestion', parent: (p) => `/exam/${p.examId ?? ''}/marking` },
              }),
              guarded('exam/:examId/results', <ExamResultsPage />, STAFF, underExam('results')),
              guarded('exam/results/:examId', <ExamResultsPage />, STAFF, underExam('results')),
              guarded('results', <ResultsListPage />),
              guarded('results-list', <ResultsListPage />, STUDENT_TEACHER_PARENT),
              guarded('reports/student/:studentId/progress', <StudentProgressPage />, ['teacher', 'admin', 'parent'], {
                crumb: { labelKey: 'studentProgress', name: reportStudentName, parent: (_p, role) => (role === 'parent' ? '/parent/children' : '/students') },
              }),
              // The live proctor board and notifications.
              guarded('exam/:examId/proctor', <ProctorBoardPage />, STAFF, { ...underExam('proctor'), ...WIDE }),
              guarded('exam/:examId/staff', <ExamStaffPage />, STAFF, underExam('staff')),
              // The integrity review after the exam (the server lets in the exam's reviewers), and a student's own timeline.
              guarded('exam/:examId/review', <ReviewPage />, STAFF, { ...underExam('review'), ...WIDE }),
              guarded('exam-result/:submissionId/timeline', <AttemptTimelinePage />, ['student', 'teacher', 'admin'], {
                crumb: { labelKey: 'attemptTimeline', parent: (p) => `/exam-result/${p.submissionId ?? ''}` },
              }),
              guarded('notifications', <NotificationsPage />),
              guarded('parent/notifications', <NotificationsPage />, ['parent']),
              // Payments: any signed-in role; /payments is the other link to it.
              guarded('payment', <PaymentPage />),
              guarded('payments', <PaymentPage />),
              // People: user management and the students list.
              guarded('admin/users', <AdminUsersPage />, ['admin'], WIDE),
              guarded('students', <StudentsPage />, STAFF, WIDE),
              // The parent area and the student's answers to parent link requests.
              guarded('parent/dashboard', <ParentDashboardPage />, ['parent']),
              guarded('parent/children', <ChildrenPage />, ['parent']),
              guarded('parent/child/:childId/progress', <ChildProgressPage />, ['parent'], { crumb: { labelKey: 'childProgress', name: childName, parent: () => '/parent/children' } }),
              guarded('parent/reports', <ParentReportsPage />, ['parent']),
              guarded('children', <Navigate to="/parent/dashboard" replace />, ['parent']),
              guarded('progress', <Navigate to="/parent/dashboard" replace />, ['parent']),
              guarded('reports', <Navigate to="/parent/reports" replace />, ['parent']),
              guarded('parent-requests', <ParentRequestsPage />, ['student']),
              // Your account: profile and settings.
              guarded('profile', <ProfilePage />),
              guarded('settings', <SettingsPage />),
              // Role dashboards, admin analytics and the public site.
              guarded('admin/dashboard', <AdminDashboardPage />, ['admin']),
              guarded('admin/analytics', <AdminDashboardPage />, ['admin']),
              guarded('admin/settings', <AdminSettingsPage />, ['admin']),
              guarded('admin/lti', <AdminLtiPage />, ['admin'], WIDE),
              guarded('teacher/dashboard', <TeacherDashboardPage />, ['teacher']),
              guarded('student/dashboard', <StudentDashboardPage />, ['student']),
              { path: 'about', element: <AboutPage /> },
              { path: 'contact', element: <ContactPage /> },
              { path: 'help', element: <HelpPage /> },
              { path: 'privacy', element: <PrivacyPage /> },
              { path: 'terms', element: <TermsPage /> },
              { path: 'cookies', element: <CookiesPage /> },
              { path: 'demo', element: <DemoPage /> },
              // The breadcrumb's "Admin Panel", "Teacher Portal"... lead to that role's dashboard (that role only).
              guarded('admin', <Navigate to="/admin/dashboard" replace />, ['admin']),
              guarded('teacher', <Navigate to="/teacher/dashboard" replace />, ['teacher']),
              guarded('student', <Navigate to="/student/dashboard" replace />, ['student']),
              guarded('parent', <Navigate to="/parent/dashboard" replace />, ['parent']),
              // The footer's "Exam Results" names no result: it leads to the list of them.
              guarded('exam-result', <Navigate to="/results" replace />),
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
