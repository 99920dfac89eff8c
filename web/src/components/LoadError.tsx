import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: what went wrong and a Try Again button that refetches. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={message} role="alert">
      <Button mt="sm" variant="light" color="red" onClick={onRetry}>
        {t('components.tryAgain')}
      </Button>
    </Alert>
  );
}
