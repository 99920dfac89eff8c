import type { ExamStatsResponse } from '@exam/shared';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { currentLanguage } from '../../../i18n';
import { enumLabel, formatPercent } from '../../../i18n/format';
import { shortenMathText } from '../../../lib/shortenMathText';

/** A statistic with a fixed number of decimals, in the reader's number format ('0.50', '0,50'). */
const fixed = (x: number | null, digits = 2) =>
  x === null ? '—' : new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);

/** How facility reads: the share of full marks, with the usual easy/hard wording. */
function facilityText(t: TFunction, f: number | null): string {
  if (f === null) return '—';
  const facility = formatPercent(f * 100);
  if (f >= 0.8) return t('items.easy', { facility });
  if (f < 0.3) return t('items.hard', { facility });
  return facility;
}

function optionText(t: TFunction, counts: Record<string, number> | null): string {
  if (!counts) return '—';
  return Object.entries(counts)
    .map(([option, n]) => t('items.optionCount', { option, n }))
    .join(', ');
}

/**
 * A question's text as the exam shows it, maths rendered. A long text is shortened between words and
 * outside formulas; a button (reachable by keyboard, read by screen readers) unfolds the rest in place.
 */
function QuestionText({ text, n }: { text: string; n: number }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const preview = shortenMathText(text);
  return (
    <Stack gap={2} align="flex-start">
      <MathText text={open || !preview.shortened ? text : preview.text} data-testid="item-question" />
      {preview.shortened && (
        <Anchor component="button" type="button" size="xs" aria-expanded={open} aria-label={t(open ? 'items.showLessOf' : 'items.showFullOf', { n })} onClick={() => setOpen((o) => !o)}>
          {t(open ? 'items.showLess' : 'items.showFull')}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * Classical item statistics per question, computed by the server over graded attempts: facility
 * (share of full marks), discrimination (upper minus lower 27 %), average marks for essays, and
 * how often each option was chosen; plus the exam's reliability when there are enough attempts.
 */
export function ItemAnalysisTable({ analysis }: { analysis: ExamStatsResponse['analysis'] }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="sm">
      <Text data-testid="reliability">
        {analysis.reliability === null
          ? t('items.reliabilityUnknown')
          : t('items.reliability', { method: analysis.method ?? t('items.coefficient'), value: fixed(analysis.reliability) })}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label={t('items.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('items.number')}</Table.Th>
              <Table.Th>{t('items.question')}</Table.Th>
              <Table.Th>{t('items.type')}</Table.Th>
              <Table.Th>{t('items.facility')}</Table.Th>
              <Table.Th>{t('items.discrimination')}</Table.Th>
              <Table.Th>{t('items.averageMarks')}</Table.Th>
              <Table.Th>{t('items.optionChoices')}</Table.Th>
              <Table.Th>{t('items.graded')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.items.map((item, i) => (
              <Table.Tr key={item.questionId}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td maw={320}>
                  <QuestionText text={item.question} n={i + 1} />
                </Table.Td>
                <Table.Td>{item.type ? enumLabel('questionTypes', item.type) : '—'}</Table.Td>
                <Table.Td>{facilityText(t, item.facility)}</Table.Td>
                <Table.Td>{fixed(item.discrimination)}</Table.Td>
                <Table.Td>{item.averageMarks === null ? '—' : t('items.averageOf', { average: fixed(item.averageMarks, 1), points: item.points ?? '?' })}</Table.Td>
                <Table.Td>
                  <MathText text={optionText(t, item.optionCounts)} />
                </Table.Td>
                <Table.Td>{item.graded}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
