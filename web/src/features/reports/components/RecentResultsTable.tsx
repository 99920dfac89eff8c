import type { ProgressReport } from '@exam/shared';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { enumLabel, formatNumber, formatPercent } from '../../../i18n/format';
import { DateCell, ResultsTableFrame } from '../../../components/SubmissionCells';
import { outcomeStatus } from '../../../lib/resultLabels';
import { useGradeOf } from '../../../lib/useGradeOf';

const COLUMNS = ['exam', 'subject', 'score', 'grade', 'date', 'result'];

/** The ten latest results: exam, subject, score, grade, date, passed or failed. */
export function RecentResultsTable({ results }: { results: ProgressReport['recentSubmissions'] }) {
  const { t } = useTranslation('reports');
  const gradeOf = useGradeOf();
  const number = (n: number | null) => (n === null ? '—' : formatNumber(n));
  return (
    <ResultsTableFrame label={t('recent.label')} columns={COLUMNS.map((c) => t(`recent.columns.${c}`))} minWidth={700} highlightOnHover={false}>
      {results.map((r) => (
        <Table.Tr key={r._id}>
          <Table.Td>
            <Anchor component={Link} to={`/exam-result/${r._id}`} size="sm">
              {r.exam.title}
            </Anchor>
          </Table.Td>
          <Table.Td>{enumLabel('subjects', r.exam.subject)}</Table.Td>
          <Table.Td>{t('recent.score', { score: number(r.marksObtained), total: number(r.totalMarks), percent: formatPercent(r.percentage, 2) })}</Table.Td>
          <Table.Td>{gradeOf(r.percentage)}</Table.Td>
          <DateCell value={r.submittedAt} />
          <Table.Td>{enumLabel('submissionStatuses', outcomeStatus(r.isPassed))}</Table.Td>
        </Table.Tr>
      ))}
    </ResultsTableFrame>
  );
}
