import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCoffee } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamActor } from './examActor';
import { breakLeftOf } from './selectors';
import { formatClock } from './timerStatus';
import { BUTTON_TOUCH_HEIGHT } from './touchTarget';

const MINUTE = 60_000;

/**
 * In place of the questions while the student is on a rest break: the clock is stopped, the break
 * time left counts down, and the way back. The countdown is not live (a reader saying every
 * second is unusable); a polite region says the minutes left, and its words change once a minute.
 */
export function BreakPanel() {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const left = ExamActor.useSelector((s) => Math.ceil((breakLeftOf(s) ?? 0) / 1000) * 1000);
  const busy = ExamActor.useSelector((s) => s.context.breakBusy);
  const heading = useRef<HTMLHeadingElement>(null);

  // The questions, and the focus with them, are gone: the reader starts again at the break.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper withBorder p="xl" radius="md" component="section" aria-labelledby="break-heading" data-testid="break-panel">
      <Stack align="center" gap="md" ta="center">
        <IconCoffee size={40} aria-hidden />
        <Title order={2} size="h3" id="break-heading" ref={heading} tabIndex={-1}>
          {t('break.panelTitle')}
        </Title>
        <Text>{t('break.panelDetail')}</Text>
        <div role="timer" aria-live="off" aria-label={t('break.timeLeft')} data-testid="break-time-left">
          <Text size="sm" c="dimmed" aria-hidden>
            {t('break.timeLeft')}
          </Text>
          <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatClock(left)}
          </Text>
        </div>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="break-announcement">
          {t('break.announce', { count: Math.ceil(left / MINUTE) })}
        </VisuallyHidden>
        <Button size="md" h={BUTTON_TOUCH_HEIGHT} loading={busy} onClick={() => actor.send({ type: 'user.break', action: 'end' })}>
          {t('break.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
