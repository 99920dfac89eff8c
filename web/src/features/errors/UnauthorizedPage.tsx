import { ErrorPage } from './ErrorPage';

/** /unauthorized (surroundings §2). */
export function UnauthorizedPage() {
  return (
    <ErrorPage
      code="403"
      title="Access Denied"
      text="You do not have permission to view this page. Sign in with an account that does."
      links={[
        { label: 'Go to Login', to: '/login' },
        { label: 'Go Home', to: '/' },
      ]}
    />
  );
}
