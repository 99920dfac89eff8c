import { useTranslation } from 'react-i18next';
import { Center, Loader } from '@mantine/core';

/** Full-width spinner for a page whose data (or session) is not known yet. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={label ?? t('components.loading')} />
    </Center>
  );
}
