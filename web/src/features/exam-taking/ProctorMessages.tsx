import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DismissButton } from './DismissButton';
import { ExamActor } from './examActor';

/** Messages from the proctor, shown the moment they arrive and kept until the student dismisses them. */
export function ProctorMessages() {
  const { t } = useTranslation('examTaking');
  const actor = ExamActor.useActorRef();
  const messages = ExamActor.useSelector((s) => s.context.messages);
  // The live region stays mounted so screen readers announce each message as it is added.
  return (
    <Stack gap="xs" role="status" aria-live="polite" aria-label={t('proctorMessages.region')}>
      {messages.map((m) => (
        <Alert key={m.id} color="grape" icon={<IconMessage />} data-testid="proctor-message" title={t('proctorMessages.title')}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.text}
            </Text>
            <DismissButton aria-label={t('proctorMessages.dismiss')} onClick={() => actor.send({ type: 'user.dismissMessage', id: m.id })} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
