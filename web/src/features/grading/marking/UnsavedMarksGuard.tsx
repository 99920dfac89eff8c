import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

const askBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();

/**
 * Drafts live only in this page: leaving it with marks not saved asks first, in the app (links,
 * Back) and through the browser (closing, reloading).
 */
export function UnsavedMarksGuard({ unsaved }: { unsaved: number }) {
  const { t } = useTranslation('grading');
  const count = useRef(unsaved);
  useLayoutEffect(() => {
    count.current = unsaved;
  }, [unsaved]);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => count.current > 0 && currentLocation.pathname !== nextLocation.pathname, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!unsaved) return;
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [unsaved]);

  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={t('marking.leaveTitle')} centered>
      <Text size="sm">{t('marking.leaveBody', { count: unsaved })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.proceed?.()}>
          {t('marking.leave')}
        </Button>
        <Button onClick={stay} data-autofocus>
          {t('marking.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
