import { rubricMaxPoints, rubricPoints, type RubricAssessment } from '@exam/shared';
import { Badge, List, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/**
 * How an answer was marked with a rubric: every criterion with all its levels, the chosen one
 * marked in words (not colour alone) and as aria-current, its points, and the total.
 */
export function RubricTable({ assessment }: { assessment: RubricAssessment }) {
  const { t } = useTranslation('rubrics');
  const { rubric, chosen } = assessment;
  const total = rubricPoints(rubric, chosen);
  const max = rubricMaxPoints(rubric);
  return (
    <Table withTableBorder withColumnBorders data-testid="rubric-table" aria-label={t('table.label')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('table.criterion')}</Table.Th>
          <Table.Th scope="col">{t('table.levels')}</Table.Th>
          <Table.Th scope="col">{t('table.points')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rubric.criteria.map((c) => {
          const level = c.levels.find((l) => l.id === chosen[c.id]);
          const best = Math.max(0, ...c.levels.map((l) => l.points));
          return (
            <Table.Tr key={c.id}>
              <Table.Th scope="row" fw={600}>
                {c.title}
                {c.description && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {c.description}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                <List listStyleType="none" spacing={4}>
                  {c.levels.map((l) => {
                    const isChosen = l.id === level?.id;
                    return (
                      <List.Item key={l.id} aria-current={isChosen ? 'true' : undefined} data-chosen={isChosen || undefined}>
                        <Text size="sm" fw={isChosen ? 700 : 400} c={isChosen ? undefined : 'dimmed'}>
                          {isChosen && (
                            <Badge size="sm" variant="filled" mr={6} leftSection={<IconCheck size={12} aria-hidden />} style={{ textTransform: 'none' }}>
                              {t('table.chosen')}
                            </Badge>
                          )}
                          {t('table.level', { title: l.title, points: formatNumber(l.points) })}
                        </Text>
                        {l.description && (
                          <Text size="xs" c="dimmed">
                            {l.description}
                          </Text>
                        )}
                      </List.Item>
                    );
                  })}
                </List>
              </Table.Td>
              <Table.Td>{level ? t('table.of', { points: formatNumber(level.points), max: formatNumber(best) }) : t('table.notChosen')}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row" colSpan={2}>
            {t('table.total')}
          </Table.Th>
          <Table.Td fw={700} data-testid="rubric-table-total">
            {total === null ? t('table.notChosen') : t('table.of', { points: formatNumber(total), max: formatNumber(max) })}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
