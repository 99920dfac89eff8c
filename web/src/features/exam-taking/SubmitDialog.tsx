import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './phone';
import type { QuestionStatus } from './selectors';
import { BUTTON_TOUCH_HEIGHT, TOUCH_PX } from './touchTarget';

const numbers = (statuses: QuestionStatus[], pick: (s: QuestionStatus) => boolean) =>
  statuses.flatMap((s, i) => (pick(s) ? [i + 1] : []));

/**
 * The summary before submitting and the confirmation that it cannot be undone. Mantine's modal
 * traps focus, closes on Escape and returns focus to the button that opened it. On a phone its
 * buttons and its × are a finger's size.
 */
export function SubmitDialog({
  opened,
  statuses,
  unsaved,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  statuses: QuestionStatus[];
  /** Answers not yet acknowledged: submitting waits for them. */
  unsaved: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('examTaking');
  const phone = usePhone();
  const answered = numbers(statuses, (s) => s.answered);
  const unanswered = numbers(statuses, (s) => !s.answered);
  const marked = numbers(statuses, (s) => s.marked);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('submitDialog.title')}
      centered
      size="md"
      // Replaces the theme's closeButtonProps rather than merging with them: the name is given again.
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }), size: phone ? TOUCH_PX : 'md' }}
    >
      <Stack gap="sm">
        <List spacing={4} data-testid="submit-summary">
          <List.Item>{t('submitDialog.answered', { answered: answered.length, total: statuses.length })}</List.Item>
          <List.Item>
            {unanswered.length > 0
              ? t('submitDialog.notAnsweredList', { count: unanswered.length, list: unanswered.join(', ') })
              : t('submitDialog.notAnswered', { n: 0 })}
          </List.Item>
          <List.Item>
            {marked.length > 0 ? t('submitDialog.markedList', { count: marked.length, list: marked.join(', ') }) : t('submitDialog.marked', { n: 0 })}
          </List.Item>
        </List>
        {unsaved > 0 && (
          <Text size="sm">{t('submitDialog.unsaved', { count: unsaved })}</Text>
        )}
        <Alert color="red" icon={<IconAlertTriangle />} variant="light">
          {t('submitDialog.cannotUndo')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" h={BUTTON_TOUCH_HEIGHT} onClick={onCancel} data-autofocus>
            {t('submitDialog.keepWorking')}
          </Button>
          <Button color="red" h={BUTTON_TOUCH_HEIGHT} onClick={onConfirm}>
            {t('submitDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
