import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCoffee, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DismissButton } from './DismissButton';
import { ExamActor } from './examActor';
import type { BreakNotice } from './examTakingMachine';
import { breakOverranOf } from './selectors';
import { BUTTON_TOUCH_HEIGHT } from './touchTarget';

/**
 * Where a break stands when the questions are on screen: a request waiting for a proctor (which the
 * student may withdraw), a refusal, the break time used up, or the server's reason for saying no.
 * One polite region, always there, so each is announced as it comes.
 */
export function BreakNotices() {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const requested = ExamActor.useSelector((s) => s.context.rest?.state === 'requested');
  const busy = ExamActor.useSelector((s) => s.context.breakBusy);
  const notice = ExamActor.useSelector((s) => s.context.breakNotice);
  // Ran out here before the server's word: the questions are back, and this says why.
  const overran = ExamActor.useSelector(breakOverranOf);
  const shown: BreakNotice | null = overran ? { kind: 'usedUp' } : notice;
  const text = shown && (shown.kind === 'failed' ? shown.message : t(shown.kind === 'refused' ? 'break.refused' : 'break.usedUp'));

  return (
    <Stack gap="xs" role="status" aria-live="polite">
      {requested && (
        // Not an alert (Mantine's default role): calm news, said politely by the region around it.
        <Alert role="note" color="blue" variant="light" icon={<IconCoffee />} title={t('break.waiting')} data-testid="break-requested">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm">{t('break.waitingDetail')}</Text>
            <Button variant="default" h={BUTTON_TOUCH_HEIGHT} loading={busy} onClick={() => actor.send({ type: 'user.break', action: 'cancel' })}>
              {t('break.cancel')}
            </Button>
          </Group>
        </Alert>
      )}
      {text && (
        <Alert role="note" color={shown.kind === 'usedUp' ? 'blue' : 'gray'} variant="light" icon={<IconInfoCircle />} data-testid="break-notice" data-kind={shown.kind}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{text}</Text>
            {!overran && <DismissButton aria-label={t('break.dismiss')} onClick={() => actor.send({ type: 'user.dismissBreakNotice' })} />}
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
