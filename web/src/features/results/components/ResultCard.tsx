import type { ResultHold, Submission } from '@exam/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { enumLabel, formatNumber, formatPercent } from '../../../i18n/format';
import { formatDateTimeWithZone } from '../../../lib/format';
import { scoreColor, studentName } from '../../../lib/resultLabels';
import { useGradeOf } from '../../../lib/useGradeOf';
import { HoldBadge, useHoldExplanation, type HoldReader } from './IntegrityHold';
import { WaitingLine, waitsForMarking } from './WaitingForMarking';

/** What the card can say about the score: hidden, held by the integrity review, waiting for marking, or final. */
function ScoreLine({ s, staff, reader }: { s: Submission; staff: boolean; reader: HoldReader }) {
  const { t } = useTranslation('results');
  const letter = useGradeOf()(s.percentage);
  // A held result shows no score and no '0 %' to its student and parents; staff still see theirs.
  if (s.integrityHold && !staff) return <HoldLine hold={s.integrityHold} reader={reader} />;
  // Waiting for marks reads as such, never as a score (the server sends none).
  if (waitsForMarking(s, staff)) return <WaitingLine />;
  if (!s.resultsReleased) return <Text c="dimmed">{t('card.notReleased')}</Text>;
  // No outcome yet (an essay waiting for its marks) is never shown as a fail.
  if (!s.isGraded || s.isPassed === null) return <Text c="dimmed">{t('card.awaitingGrading')}</Text>;
  return (
    <Group gap="xs">
      <Text fz="xl" fw={700}>
        {formatPercent(s.percentage ?? 0, 2)}
      </Text>
      {letter && (
        <Badge color={scoreColor(s.percentage ?? 0)} variant="filled" size="lg" aria-label={t('card.grade', { letter })}>
          {letter}
        </Badge>
      )}
      <Text size="sm">{s.isPassed ? t('card.passed') : t('card.failed')}</Text>
    </Group>
  );
}

function HoldLine({ hold, reader }: { hold: ResultHold; reader: HoldReader }) {
  const explain = useHoldExplanation();
  return (
    <Stack gap={4}>
      <HoldBadge hold={hold} />
      <Text size="sm" c="dimmed">
        {explain(hold, reader)}
      </Text>
    </Stack>
  );
}

/**
 * One result in the results list; the student's name is shown to anyone but the student. Staff
 * see the score of a held result with the reason students and parents do not.
 */
export function ResultCard({ submission: s, showStudent, staff = false }: { submission: Submission; showStudent: boolean; staff?: boolean }) {
  const { t } = useTranslation('results');
  const hidesScore = !!s.integrityHold && !staff;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={s.exam.title}>
      <Stack gap="xs">
        <div>
          <Text fw={600}>{s.exam.title}</Text>
          <Text size="sm" c="dimmed">
            {enumLabel('subjects', s.exam.subject)}
            {showStudent && ` · ${studentName(s.student)}`}
            {s.submittedAt && ` · ${formatDateTimeWithZone(s.submittedAt)}`}
          </Text>
        </div>
        <ScoreLine s={s} staff={staff} reader={staff ? 'staff' : showStudent ? 'parent' : 'student'} />
        {staff && s.integrityHold && <HoldBadge hold={s.integrityHold} />}
        {s.resultsReleased && s.isGraded && !hidesScore && (
          <Text size="sm" c="dimmed">
            {t('card.points', { score: formatNumber(s.score ?? 0), total: formatNumber(s.totalMarks ?? 0) })}
          </Text>
        )}
        {(
          <Button component={Link} to={`/exam-result/${s._id}`} variant="light" size="xs" w="fit-content" aria-label={t('card.viewResultOf', { title: s.exam.title })}>
            {t('card.viewResult')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
