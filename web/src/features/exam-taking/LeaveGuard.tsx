import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { askBeforeUnload, asksBeforeLeaving } from './leaving';

/**
 * While the attempt is open: closing, reloading or typing another address asks through the
 * browser; Back and any in-app navigation ask here, saying what leaving means.
 */
export function LeaveGuard({ attemptOpen }: { attemptOpen: boolean }) {
  const { t } = useTranslation('examTaking');
  // Read when a navigation happens: the blocker function stays the same for the screen's life.
  const open = useRef(attemptOpen);
  useLayoutEffect(() => {
    open.current = attemptOpen;
  }, [attemptOpen]);
  const shouldBlock = useCallback<BlockerFunction>((args) => asksBeforeLeaving(open.current, args), []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!attemptOpen) return;
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [attemptOpen]);

  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={t('leave.title')} centered>
      <Text size="sm">{t('leave.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          {t('leave.leave')}
        </Button>
        <Button onClick={stay} data-autofocus>
          {t('leave.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
