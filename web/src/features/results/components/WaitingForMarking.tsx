import type { Submission } from '@exam/shared';
import { Alert, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A student or parent reading an attempt whose answers still wait for a teacher's marks: the
 * server sends no score for it (presenters/submission.ts), and the page says why rather than
 * showing "0 %". Staff see the partial total instead.
 */
export const waitsForMarking = (s: Pick<Submission, 'status'>, staff: boolean) => !staff && s.status === 'submitted';

/** The line on a result card. */
export function WaitingLine() {
  const { t } = useTranslation('results');
  return (
    <Text c="dimmed" fw={600} data-testid="result-waiting">
      {t('waiting.title')}
    </Text>
  );
}

/** The notice on the result page, in place of the score. */
export function WaitingNotice() {
  const { t } = useTranslation('results');
  return (
    <Alert color="yellow" icon={<IconHourglass />} title={t('waiting.title')} data-testid="result-waiting">
      {t('waiting.message')}
    </Alert>
  );
}
