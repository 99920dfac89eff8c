import { ErrorPage } from './ErrorPage';

/** Any unknown path (surroundings §2). */
export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title="Page Not Found"
      text="The page you are looking for does not exist or has moved."
      links={[
        { label: 'Go Home', to: '/' },
        { label: 'Go to Dashboard', to: '/dashboard' },
      ]}
    />
  );
}
