import { rubricPoints, type Rubric } from '@exam/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { markedMeanwhileText } from '../conflict';
import type { GradeDraft } from '../gradeForm';

interface ConflictNoticeProps {
  /** What this teacher had typed when the save was refused. */
  mine: GradeDraft;
  rubric: Rubric | null;
  busy?: boolean;
  onUseMine: () => void;
  onDismiss: () => void;
}

/**
 * Another teacher saved first: their marks are in the form now, and this teacher's draft stays
 * here, word for word, until they save it over (with the new version) or let it go.
 */
export function ConflictNotice({ mine, rubric, busy, onUseMine, onDismiss }: ConflictNoticeProps) {
  const { t } = useTranslation('grading');
  const marks = rubric ? rubricPoints(rubric, mine.rubric ?? {}) : mine.marks;
  return (
    <Alert color="orange" role="alert" data-testid="marking-conflict" title={markedMeanwhileText()}>
      <Stack gap="xs">
        <Text size="sm" data-testid="marking-conflict-mine">
          {t('conflict.mine', { marks: marks === null || marks === '' ? '—' : formatNumber(marks) })}
          {mine.feedback.trim() && ` · ${mine.feedback.trim()}`}
        </Text>
        <Button.Group>
          <Button size="xs" onClick={onUseMine} loading={busy}>
            {t('conflict.useMine')}
          </Button>
          <Button size="xs" variant="default" onClick={onDismiss} disabled={busy}>
            {t('conflict.keepTheirs')}
          </Button>
        </Button.Group>
      </Stack>
    </Alert>
  );
}
