import { formatDuration, type Role } from '@exam/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { MathText } from '../../../components/MathText';
import { formatDateTime, titleCase } from '../../../lib/format';
import { pointsLabel } from '../labels';
import type { Exam } from '../types';
import { ExamCardActions } from './ExamCardActions';
import { ExamStatusBadge } from './ExamStatusBadge';

interface ExamCardProps {
  exam: Exam;
  role: Role;
  now: number;
  onPublish?: (exam: Exam) => void;
  onDelete?: (exam: Exam) => void;
  publishingId?: string | null;
}

/** One exam of the catalogue (spec core §2 "Exam list"): status, countdown, facts and actions. */
export function ExamCard({ exam, role, now, ...actions }: ExamCardProps) {
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
              Unpublished
            </Badge>
          )}
        </Group>
        <ExamStatusBadge schedule={exam.schedule} now={now} />
        <Text size="sm" c="dimmed" lineClamp={2} component="div">
          <MathText text={exam.description} />
        </Text>
        <Group gap="lg">
          <Fact label="Subject" value={titleCase(exam.subject)} />
          <Fact label="Grade" value={String(exam.grade)} />
          <Fact label="Duration" value={formatDuration(exam.duration)} />
          <Fact label="Questions" value={String(exam.totalQuestions)} />
          <Fact label="Marks" value={pointsLabel(exam.totalMarks)} />
        </Group>
        <Text size="sm">
          Starts {formatDateTime(exam.schedule.startDate) ?? '—'} · Ends {formatDateTime(exam.schedule.endDate) ?? '—'}
        </Text>
        {role !== 'teacher' && (
          <Text size="xs" c="dimmed">
            By {exam.createdBy.firstName} {exam.createdBy.lastName}
          </Text>
        )}
        <ExamCardActions exam={exam} role={role} now={now} {...actions} />
      </Stack>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
