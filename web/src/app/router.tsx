import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { RouteError } from '../components/RouteError';
import { AuthProvider } from '../features/auth/AuthProvider';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { HomePage } from '../features/home/HomePage';
import { RequireRole } from './guard/RequireRole';
import { Layout } from './layout/Layout';

/**
 * The routes built so far (spec core §2 route table). Routes of later issues (exams, admin,
 * parent, profile...) are deliberately absent and fall to Page Not Found until they exist.
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
