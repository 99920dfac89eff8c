import { Text, Title } from '@mantine/core';
import { titleCase } from '../../../lib/format';
import type { Exam } from '../../exams/types';

/** An exam screen's title with its subject and grade; a plain heading until the exam loads. */
export function ExamHeading({ exam, suffix }: { exam: Exam | undefined; suffix: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {exam ? `${exam.title}: ${suffix}` : suffix}
      </Title>
      {exam && (
        <Text c="dimmed" data-testid="exam-meta">
          {titleCase(exam.subject)} · Grade {exam.grade}
        </Text>
      )}
    </div>
  );
}
