import type { GradeChange, SubmissionAnswer } from '@exam/shared';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { formatDateTime } from '../../../lib/format';

/** Every change of marks on this submission: who, when, before and after. */
export function GradeHistory({ history, answers }: { history: GradeChange[]; answers: SubmissionAnswer[] }) {
  const { t } = useTranslation('grading');
  const number = new Map(answers.map((a) => [a.questionId, a.index]));
  if (!history.length) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label={t('history.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.question')}</Table.Th>
            <Table.Th>{t('history.before')}</Table.Th>
            <Table.Th>{t('history.after')}</Table.Th>
            <Table.Th>{t('history.feedback')}</Table.Th>
            <Table.Th>{t('history.by')}</Table.Th>
            <Table.Th>{t('history.when')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((h, i) => (
            <Table.Tr key={`${h.questionId}-${h.at}-${i}`}>
              <Table.Td>{number.get(h.questionId) ?? '—'}</Table.Td>
              <Table.Td>{h.before === null || h.before === undefined ? t('history.notMarked') : formatNumber(h.before)}</Table.Td>
              <Table.Td>{formatNumber(h.after)}</Table.Td>
              <Table.Td>{h.afterFeedback || '—'}</Table.Td>
              <Table.Td>{h.by ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(h.at) ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
