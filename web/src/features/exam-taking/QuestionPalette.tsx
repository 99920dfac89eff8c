import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import type { QuestionStatus } from './selectors';
import { BUTTON_TOUCH_HEIGHT } from './touchTarget';

export function statusWords(status: QuestionStatus): string {
  const key = `${status.answered ? 'answered' : 'notAnswered'}${status.marked ? 'Marked' : ''}`;
  return i18n.t(`examTaking:palette.${key}`);
}

function StatusIcon({ status }: { status: QuestionStatus }) {
  return status.answered ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />;
}

/**
 * Every question at a glance; status by icon and words, never by colour alone. `plain` (reduced
 * distraction, an accommodation) drops the status colours too: only the current question stands out.
 */
export function QuestionPalette({
  statuses,
  current,
  onGo,
  plain = false,
}: {
  statuses: QuestionStatus[];
  current: number;
  onGo: (index: number) => void;
  plain?: boolean;
}) {
  const { t } = useTranslation('examTaking');
  return (
    <nav aria-labelledby="palette-title" data-plain={plain ? 'true' : undefined}>
      <Stack gap="xs">
        <Title order={2} size="h5" id="palette-title">
          {t('palette.title')}
        </Title>
        <SimpleGrid cols={4} spacing={6} verticalSpacing={6}>
          {statuses.map((status, i) => (
            <Button
              key={i}
              size="compact-sm"
              h={BUTTON_TOUCH_HEIGHT}
              px={4}
              variant={i === current ? 'filled' : status.answered && !plain ? 'light' : 'default'}
              color={status.marked && !plain ? 'orange' : undefined}
              aria-current={i === current ? 'step' : undefined}
              aria-label={t('palette.item', { number: i + 1, status: statusWords(status) })}
              title={t('palette.item', { number: i + 1, status: statusWords(status) })}
              data-testid={`palette-${i + 1}`}
              data-status={status.marked ? 'marked' : status.answered ? 'answered' : 'unanswered'}
              onClick={() => onGo(i)}
              leftSection={<StatusIcon status={status} />}
              rightSection={status.marked ? <IconFlag size={14} aria-hidden /> : undefined}
            >
              {i + 1}
            </Button>
          ))}
        </SimpleGrid>
        <Group gap="md" mt={4}>
          <Legend icon={<IconCircleCheck size={14} aria-hidden />} text={t('palette.legendAnswered')} />
          <Legend icon={<IconCircleDashed size={14} aria-hidden />} text={t('palette.legendNotAnswered')} />
          <Legend icon={<IconFlag size={14} aria-hidden />} text={t('palette.legendMarked')} />
        </Group>
      </Stack>
    </nav>
  );
}

function Legend({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="xs">{text}</Text>
    </Group>
  );
}
