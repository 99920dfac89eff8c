import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** Any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      links={[
        { label: t('goHome'), to: '/' },
        { label: t('goToDashboard'), to: '/dashboard' },
      ]}
    />
  );
}
