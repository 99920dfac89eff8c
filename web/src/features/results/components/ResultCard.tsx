import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, titleCase } from '../../../lib/format';
import { scoreColor, studentName } from '../labels';
import type { Submission } from '../types';
import { useGradeOf } from '../../platform/useGradeOf';

/** What the card can say about the score: hidden, awaiting a teacher, or final. */
function ScoreLine({ s }: { s: Submission }) {
  const letter = useGradeOf()(s.percentage);
  if (!s.resultsReleased) return <Text c="dimmed">Results not released yet</Text>;
  if (!s.isGraded) return <Text c="dimmed">Awaiting grading</Text>;
  return (
    <Group gap="xs">
      <Text fz="xl" fw={700}>
        {s.percentage}%
      </Text>
      {letter && (
        <Badge color={scoreColor(s.percentage ?? 0)} variant="filled" size="lg" aria-label={`Grade ${letter}`}>
          {letter}
        </Badge>
      )}
      <Text size="sm">{s.isPassed ? 'Passed' : 'Failed'}</Text>
    </Group>
  );
}

/** One result in the results list; the student's name is shown to anyone but the student. */
export function ResultCard({ submission: s, showStudent }: { submission: Submission; showStudent: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={s.exam.title}>
      <Stack gap="xs">
        <div>
          <Text fw={600}>{s.exam.title}</Text>
          <Text size="sm" c="dimmed">
            {titleCase(s.exam.subject)}
            {showStudent && ` · ${studentName(s.student)}`}
            {s.submittedAt && ` · ${formatDateTime(s.submittedAt)}`}
          </Text>
        </div>
        <ScoreLine s={s} />
        {s.resultsReleased && s.isGraded && (
          <Text size="sm" c="dimmed">
            {s.score} / {s.totalMarks} points
          </Text>
        )}
        {(
          <Button component={Link} to={`/exam-result/${s._id}`} variant="light" size="xs" w="fit-content" aria-label={`View result of ${s.exam.title}`}>
            View Result
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
