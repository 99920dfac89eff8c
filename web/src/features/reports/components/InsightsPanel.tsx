import type { ProgressReport } from '@exam/shared';
import { List, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section';
import { enumLabel } from '../../../i18n/format';
import { recommendations } from '../insights';

function Subjects({ subjects, none }: { subjects: string[]; none: string }) {
  if (!subjects.length) return <Text c="dimmed" size="sm">{none}</Text>;
  return (
    <List size="sm">
      {subjects.map((s) => (
        <List.Item key={s}>{enumLabel('subjects', s)}</List.Item>
      ))}
    </List>
  );
}

/** Strengths (average 80 or more), areas for improvement (under 60) and recommendations. */
export function InsightsPanel({ report }: { report: ProgressReport }) {
  const { t } = useTranslation('reports');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Section title={t('insights.strengths')} order={3}>
        <Subjects subjects={report.insights.strengths} none={t('insights.noStrengths')} />
      </Section>
      <Section title={t('insights.improvements')} order={3}>
        <Subjects subjects={report.insights.improvements} none={t('insights.noImprovements')} />
      </Section>
      <Section title={t('insights.recommendations')} order={3}>
        <List size="sm">
          {recommendations(report.progress.averageScore, report.progress.passRate).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Section>
    </SimpleGrid>
  );
}
