import { examTimeStatus, type ExamTimeStatus } from '@exam/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countdownText, enumLabel } from '../i18n/format';
import { IconCircleCheck, IconClock, IconHelp, IconPlayerPlay } from '@tabler/icons-react';

const LOOK: Record<ExamTimeStatus, { color: string; icon: typeof IconClock }> = {
  upcoming: { color: 'blue', icon: IconClock },
  ongoing: { color: 'green', icon: IconPlayerPlay },
  completed: { color: 'gray', icon: IconCircleCheck },
  unknown: { color: 'gray', icon: IconHelp },
};

interface Schedule {
  startDate: string;
  endDate: string;
}

/** UPCOMING / ONGOING / COMPLETED with its countdown text: the word and icon carry it, not only colour. */
export function ExamStatusBadge({ schedule, now, withCountdown = true }: { schedule: Schedule; now: number; withCountdown?: boolean }) {
  const status = examTimeStatus(schedule.startDate, schedule.endDate, now);
  const { color, icon: Icon } = LOOK[status];
  const { t, i18n } = useTranslation('exams');
  const word = status === 'unknown' ? t('status.unknown') : enumLabel('examStatuses', status);
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={color} leftSection={<Icon size={12} aria-hidden />} data-testid="exam-status">
        {word.toLocaleUpperCase(i18n.language)}
      </Badge>
      {withCountdown && status !== 'unknown' && (
        <Text size="sm" c="dimmed" data-testid="exam-countdown">
          {countdownText(schedule.startDate, schedule.endDate, now)}
        </Text>
      )}
    </Group>
  );
}
