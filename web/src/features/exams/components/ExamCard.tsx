import type { Exam, Role } from '@exam/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { enumLabel, formatDuration, formatNumber } from '../../../i18n/format';
import { formatDateTimeWithZone } from '../../../lib/format';
import { pointsLabel } from '../labels';
import { ExamCardActions } from './ExamCardActions';
import { ExamStatusBadge } from '../../../components/ExamStatusBadge';

interface ExamCardProps {
  exam: Exam;
  role: Role;
  now: number;
  onPublish?: (exam: Exam) => void;
  onDelete?: (exam: Exam) => void;
  publishingId?: string | null;
}

/** One exam of the catalogue: status, countdown, facts and actions. */
export function ExamCard({ exam, role, now, ...actions }: ExamCardProps) {
  const { t } = useTranslation('exams');
  const titleId = `exam-title-${exam._id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {exam.title}
          </Title>
          {!exam.isPublished && (
            <Badge color="orange" variant="outline" tt="none" leftSection={<IconEyeOff size={12} aria-hidden />} data-testid="exam-unpublished">
              {t('card.unpublished')}
            </Badge>
          )}
        </Group>
        <ExamStatusBadge schedule={exam.schedule} now={now} />
        <Text size="sm" c="dimmed" lineClamp={2} component="div">
          <MathText text={exam.description} />
        </Text>
        <Group gap="lg">
          <Fact label={t('card.subject')} value={enumLabel('subjects', exam.subject)} />
          <Fact label={t('card.grade')} value={formatNumber(exam.grade)} />
          <Fact label={t('card.duration')} value={formatDuration(exam.duration)} />
          <Fact label={t('card.questions')} value={formatNumber(exam.totalQuestions)} />
          <Fact label={t('card.marks')} value={pointsLabel(exam.totalMarks)} />
        </Group>
        <Text size="sm">
          {/* With the zone's name: a student abroad must not read the school's clock as their own. */}
          {t('card.schedule', { start: formatDateTimeWithZone(exam.schedule.startDate) ?? '—', end: formatDateTimeWithZone(exam.schedule.endDate) ?? '—' })}
        </Text>
        {role !== 'teacher' && (
          <Text size="xs" c="dimmed">
            {t('card.by', { name: `${exam.createdBy.firstName} ${exam.createdBy.lastName}` })}
          </Text>
        )}
        <ExamCardActions exam={exam} role={role} now={now} {...actions} />
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('exams');
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {t('labelColon', { label })}
      </Text>{' '}
      {value}
    </Text>
  );
}
