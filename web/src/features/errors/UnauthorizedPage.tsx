import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** /unauthorized. */
export function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage
      code="403"
      title={t('unauthorized.title')}
      text={t('unauthorized.text')}
      links={[
        { label: t('goToLogin'), to: '/login' },
        { label: t('goHome'), to: '/' },
      ]}
    />
  );
}
