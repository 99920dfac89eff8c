import { List, SimpleGrid, Text } from '@mantine/core';
import { Section } from '../../../components/Section';
import { titleCase } from '../../../lib/format';
import { recommendations } from '../insights';
import type { ProgressReport } from '../types';

function Subjects({ subjects, none }: { subjects: string[]; none: string }) {
  if (!subjects.length) return <Text c="dimmed" size="sm">{none}</Text>;
  return (
    <List size="sm">
      {subjects.map((s) => (
        <List.Item key={s}>{titleCase(s)}</List.Item>
      ))}
    </List>
  );
}

/** Strengths (average 80 or more), areas for improvement (under 60) and recommendations. */
export function InsightsPanel({ report }: { report: ProgressReport }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Section title="Strengths" order={3}>
        <Subjects subjects={report.insights.strengths} none="No subject averages 80% or more yet." />
      </Section>
      <Section title="Areas for Improvement" order={3}>
        <Subjects subjects={report.insights.improvements} none="No subject averages below 60%." />
      </Section>
      <Section title="Recommendations" order={3}>
        <List size="sm">
          {recommendations(report.progress.averageScore, report.progress.passRate).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Section>
    </SimpleGrid>
  );
}
