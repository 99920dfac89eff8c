import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoadFailure } from './types';

/** Each load failure says what happened and offers the way back to /exams. */
export function LoadError({ failure, onRetry }: { failure: LoadFailure; onRetry?: () => void }) {
  const { t } = useTranslation('examTaking');
  return (
    <Container size="sm" py="xl">
      <Alert color="red" icon={<IconAlertCircle />} title={t('errors.loadTitle')} role="alert" data-testid="exam-load-error">
        {failure.message}
        <Group mt="md">
          <Button component={Link} to="/exams" variant="light" color="red">
            {t('page.backToExams')}
          </Button>
          {onRetry && (
            <Button variant="default" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    </Container>
  );
}
