import type { Exam } from '@exam/shared';
import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../i18n/format';

/** An exam screen's title with its subject and grade; a plain heading until the exam loads. */
export function ExamHeading({ exam, suffix }: { exam: Exam | undefined; suffix: string }) {
  const { t } = useTranslation('results');
  return (
    <div>
      <Title order={1} size="h2">
        {exam ? t('heading.withExam', { title: exam.title, suffix }) : suffix}
      </Title>
      {exam && (
        <Text c="dimmed" data-testid="exam-meta">
          {t('heading.meta', { subject: enumLabel('subjects', exam.subject), grade: exam.grade })}
        </Text>
      )}
    </div>
  );
}
