import type { AttemptTimeline as Timeline } from '@exam/shared';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/Section';
import { formatNumber } from '../../i18n/format';
import { formatTime, useDatePrefs } from '../../lib/dateFormat';
import { entryText, spanText } from './timelineText';

/**
 * What the server knows of one attempt, in its order: each line's time, what happened in words,
 * who did it and its facts; then the time spent on each question. Read-only: the same for a
 * reviewer and for the student reading their own.
 */
export function AttemptTimeline({ timeline, order = 2 }: { timeline: Timeline; order?: 2 | 3 }) {
  const { t } = useTranslation('integrity');
  useDatePrefs();
  const sub = order === 2 ? 3 : 4;
  return (
    <>
      <Section title={t('timeline.title')} order={order}>
        {timeline.entries.length === 0 ? (
          <Text c="dimmed">{t('timeline.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing={4} aria-label={t('timeline.label')} data-testid="attempt-timeline">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('timeline.time')}</Table.Th>
                  <Table.Th scope="col">{t('timeline.what')}</Table.Th>
                  <Table.Th scope="col">{t('timeline.who')}</Table.Th>
                  <Table.Th scope="col">{t('timeline.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {timeline.entries.map((entry, i) => {
                  const { title, detail } = entryText(entry, timeline.flags);
                  return (
                    <Table.Tr key={`${entry.at}-${i}`} data-kind={entry.kind}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={entry.at}>{formatTime(entry.at, { seconds: true })}</time>
                      </Table.Td>
                      <Table.Td>{title}</Table.Td>
                      <Table.Td>{entry.by?.name ?? ''}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail ?? ''}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title={t('questions.title')} order={sub}>
        {timeline.questions.length === 0 ? (
          <Text c="dimmed">{t('questions.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing={4} aria-label={t('questions.title')} data-testid="question-times">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('questions.question')}</Table.Th>
                  <Table.Th scope="col">{t('questions.saves')}</Table.Th>
                  <Table.Th scope="col">{t('questions.time')}</Table.Th>
                  <Table.Th scope="col">{t('questions.lastSave')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {timeline.questions.map((q) => (
                  <Table.Tr key={q.questionId}>
                    <Table.Th scope="row" fw={400}>
                      {t('questions.number', { number: q.number })}
                    </Table.Th>
                    <Table.Td>{formatNumber(q.saves)}</Table.Td>
                    <Table.Td>{spanText(q.timeMs)}</Table.Td>
                    <Table.Td>{q.lastSavedAt ? formatTime(q.lastSavedAt, { seconds: true }) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </>
  );
}
