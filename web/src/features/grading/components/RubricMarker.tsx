import { rubricMaxPoints, rubricPoints, type Rubric, type RubricChoice } from '@exam/shared';
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';

interface RubricMarkerProps {
  rubric: Rubric;
  chosen: RubricChoice;
  onChange: (chosen: RubricChoice) => void;
  error?: string;
}

/** Marks an answer with a rubric: one level per criterion; the marks are the levels' points. */
export function RubricMarker({ rubric, chosen, onChange, error }: RubricMarkerProps) {
  const { t } = useTranslation('grading');
  const total = rubricPoints(rubric, chosen);
  const partial = rubric.criteria.reduce((sum, c) => sum + (c.levels.find((l) => l.id === chosen[c.id])?.points ?? 0), 0);
  return (
    <Stack gap="sm" data-testid="rubric-marker">
      {rubric.criteria.map((c, i) => (
        <div key={c.id} data-testid={`rubric-criterion-${i}`} data-criterion-id={c.id}>
          <Radio.Group label={c.title} description={c.description || undefined} value={chosen[c.id] ?? null} onChange={(level) => onChange({ ...chosen, [c.id]: level })}>
            <Stack gap={6} mt={6}>
              {c.levels.map((l, n) => (
                <Radio key={l.id} value={l.id} label={t('rubric.level', { number: n + 1, title: l.title, points: formatNumber(l.points) })} description={l.description || undefined} />
              ))}
            </Stack>
          </Radio.Group>
        </div>
      ))}
      <Text fw={600} data-testid="rubric-total" aria-live="polite">
        {total === null
          ? t('rubric.partialTotal', { marks: formatNumber(partial), points: formatNumber(rubricMaxPoints(rubric)) })
          : t('rubric.total', { marks: formatNumber(total), points: formatNumber(rubricMaxPoints(rubric)) })}
      </Text>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The level the digit key `n` (1-based) picks in a criterion, if it has that many. */
export function chooseByNumber(rubric: Rubric, chosen: RubricChoice, criterionId: string | null, n: number): RubricChoice | null {
  const criterion = rubric.criteria.find((c) => c.id === criterionId) ?? rubric.criteria.find((c) => !chosen[c.id]);
  const level = criterion?.levels[n - 1];
  return criterion && level ? { ...chosen, [criterion.id]: level.id } : null;
}
