import { rubricMaxPoints, type Rubric } from '@exam/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/** A question's rubric in one line for its answer key: each criterion with its best points, and the total. */
export function RubricSummary({ rubric }: { rubric: Rubric }) {
  const { t } = useTranslation('rubrics');
  const total = rubricMaxPoints(rubric);
  const criteria = rubric.criteria.map((c) => t('summary.criterion', { title: c.title, points: formatNumber(Math.max(0, ...c.levels.map((l) => l.points))) })).join('; ');
  return (
    <Text size="sm" data-testid="rubric-summary">
      <Text span fw={600}>
        {t('summary.label')}
      </Text>{' '}
      {criteria} · {t('summary.total', { count: total, points: formatNumber(total) })}
    </Text>
  );
}
