import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../i18n/format';

/**
 * The score distribution over graded submissions (buckets) as bars with their
 * counts written out, so the chart reads without colour or sight.
 */
export function ScoreDistribution({ buckets }: { buckets: { range: string; count: number }[] }) {
  const { t } = useTranslation('reports');
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (!total) return <Text c="dimmed">{t('distribution.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('distribution.label')}>
      {buckets.map((b) => {
        const share = Math.round((b.count / total) * 100);
        const text = t('distribution.bar', { range: b.range, count: b.count, share: formatPercent(share) });
        return (
          <li key={b.range} data-testid={`bucket-${b.range}`}>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" w={70} fw={500}>
                {t('distribution.range', { range: b.range })}
              </Text>
              <Progress value={share} size="xl" style={{ flex: 1 }} aria-label={text} />
              <Text size="sm" w={110} ta="right">
                {t('distribution.count', { n: b.count, share: formatPercent(share) })}
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
