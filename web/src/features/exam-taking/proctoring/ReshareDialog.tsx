import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconScreenShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamActor } from '../examActor';
import { requestScreenShare, ScreenShareError, screenShare, type ScreenShareFailure } from './screenShare';

/**
 * The blocking "Share your screen again" dialog while the exam's required screen share is stopped.
 * It cannot be dismissed: the only way on is to share the whole screen again (or a proctor's
 * waiver, which closes it). The clock keeps running meanwhile, as the student is told.
 */
export function ReshareDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation('examTaking');
  const [state, setState] = useState<'idle' | 'asking' | ScreenShareFailure>('idle');

  const share = async () => {
    setState('asking');
    try {
      // The checks watch the holder: a new stream there closes this dialog through the machine.
      screenShare.set(await requestScreenShare());
      setState('idle');
    } catch (error) {
      setState(error instanceof ScreenShareError ? error.kind : 'other');
    }
  };

  const failed = state !== 'idle' && state !== 'asking';
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered title={t('reshare.title')}>
      <Stack gap="sm">
        <Text>{t('reshare.body')}</Text>
        {failed && (
          <Text c="red" role="alert">
            {t(`systemCheck.fix.screen.${state}`)}
          </Text>
        )}
        <Button leftSection={<IconScreenShare size={18} aria-hidden />} loading={state === 'asking'} onClick={() => void share()} data-autofocus>
          {t('systemCheck.actions.screen')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The dialog wired to the running exam: open while the machine says the required share is stopped. */
export function ScreenShareGuard() {
  const lost = ExamActor.useSelector((s) => s.context.screenShareLost);
  return <ReshareDialog opened={lost} />;
}
