import { Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamActor } from './examActor';
import { SAVE_STATUS_COLORS, saveStateOf, saveStateText, type SaveState } from './selectors';

/**
 * Says what is true: saved means acknowledged by the server, not merely sent. Screen readers
 * hear only the connection changing, not "Saving…" after every click.
 */
export function SaveStatus() {
  useTranslation('examTaking');
  const state = ExamActor.useSelector(saveStateOf);
  const outboxAvailable = ExamActor.useSelector((s) => s.context.outboxAvailable);
  const text = saveStateText(state, outboxAvailable);
  const announcement = useConnectionAnnouncement(state, text);
  const color = SAVE_STATUS_COLORS[state];
  return (
    <>
      <Group gap={6} wrap="nowrap" data-testid="save-status" data-state={state}>
        {state === 'saved' && <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-green-text)" />}
        {(state === 'saving' || state === 'connecting') && <Loader size={14} aria-hidden />}
        {state === 'offline' && <IconCloudOff size={18} aria-hidden color="var(--mantine-color-orange-text)" />}
        <Text size="sm" c={color} fw={state === 'offline' ? 600 : 400}>
          {text}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="save-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

function useConnectionAnnouncement(state: SaveState, text: string): string {
  const { t } = useTranslation('examTaking');
  const [announcement, setAnnouncement] = useState('');
  const wasOffline = useRef(false);
  useEffect(() => {
    if (state === 'offline' && !wasOffline.current) {
      wasOffline.current = true;
      setAnnouncement(text);
    } else if (state !== 'offline' && state !== 'connecting' && wasOffline.current) {
      wasOffline.current = false;
      setAnnouncement(t('status.backOnline'));
    }
  }, [state, text, t]);
  return announcement;
}
