import type { Submission } from '@exam/shared';
import { Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PersonLabel } from './PersonAvatar';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import { formatDateTime } from '../lib/format';
import { formatTimeSpent, percentText, studentName } from '../lib/resultLabels';
import { StatusBadge } from './StatusBadge';
import { useGradeOf } from '../lib/useGradeOf';

/**
 * The parts the tables of submissions and results share: the table frame with its header row,
 * and the cells of one submission (student, status, score, percentage, grade, time, date, links).
 */

/** Grading is possible once an attempt is submitted and until every answer has marks. */
export const needsGrading = (s: Submission) => s.isSubmitted && !s.isGraded;

export function ResultsTableFrame({
  label,
  columns,
  minWidth,
  highlightOnHover = true,
  children,
}: {
  label: string;
  columns: string[];
  minWidth: number;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The student's avatar and name over their email (when they show it). */
export function StudentCell({ student }: { student: Submission['student'] }) {
  return (
    <Table.Td>
      <PersonLabel person={{ ...student, name: studentName(student) }} detail={student.email} size={28} />
    </Table.Td>
  );
}

export function StatusCell({ submission }: { submission: Submission }) {
  return (
    <Table.Td>
      <StatusBadge status={submission.displayStatus} />
    </Table.Td>
  );
}

/** Three cells: score, percentage and grade ('—' where there is none yet). */
export function ScoreCells({ submission: s }: { submission: Submission }) {
  const letter = useGradeOf()(s.resultsReleased && s.isGraded ? s.percentage : null);
  return (
    <>
      <Table.Td>{s.score === null ? '—' : `${formatNumber(s.score)} / ${formatNumber(s.totalMarks ?? 0)}`}</Table.Td>
      <Table.Td>{s.isSubmitted ? percentText(s.percentage) : '—'}</Table.Td>
      <Table.Td>{letter ?? '—'}</Table.Td>
    </>
  );
}

/** A date and time, '—' when there is none. */
export function DateCell({ value }: { value: string | null | undefined }) {
  return <Table.Td>{formatDateTime(value) ?? '—'}</Table.Td>;
}

/** Two cells: time spent and when it was submitted. */
export function TimeAndSubmittedCells({ submission: s }: { submission: Submission }) {
  useTranslation('results');
  return (
    <>
      <Table.Td>{s.isSubmitted ? formatTimeSpent(s.timeSpent) : '—'}</Table.Td>
      <DateCell value={s.submittedAt} />
    </>
  );
}

/** View (once submitted) and, where the viewer may grade, Grade Submission (until graded). */
export function SubmissionActionsCell({ submission: s, viewLabel, canGrade }: { submission: Submission; viewLabel: 'submission' | 'result'; canGrade: boolean }) {
  const { t } = useTranslation('results');
  const name = studentName(s.student);
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        {s.isSubmitted && (
          <Button size="xs" variant="subtle" component={Link} to={`/exam-result/${s._id}`} aria-label={viewLabel === 'submission' ? t('cells.viewSubmissionOf', { name }) : t('cells.viewResultOf', { name })}>
            {t('cells.view')}
          </Button>
        )}
        {canGrade && needsGrading(s) && (
          <Button size="xs" component={Link} to={`/grade-submission/${s._id}`} aria-label={t('cells.gradeSubmissionOf', { name })}>
            {t('cells.gradeSubmission')}
          </Button>
        )}
      </Group>
    </Table.Td>
  );
}
