import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { QuestionStatus } from './selectors';

const numbers = (statuses: QuestionStatus[], pick: (s: QuestionStatus) => boolean) =>
  statuses.flatMap((s, i) => (pick(s) ? [i + 1] : []));

/**
 * The summary before submitting and the confirmation that it cannot be undone. Mantine's modal
 * traps focus, closes on Escape and returns focus to the button that opened it.
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
  const answered = numbers(statuses, (s) => s.answered);
  const unanswered = numbers(statuses, (s) => !s.answered);
  const marked = numbers(statuses, (s) => s.marked);
  return (
    <Modal opened={opened} onClose={onCancel} title="Submit your exam?" centered size="md">
      <Stack gap="sm">
        <List spacing={4} data-testid="submit-summary">
          <List.Item>
            Answered: {answered.length} of {statuses.length}
          </List.Item>
          <List.Item>
            Not answered: {unanswered.length}
            {unanswered.length > 0 && ` (question${unanswered.length === 1 ? '' : 's'} ${unanswered.join(', ')})`}
          </List.Item>
          <List.Item>
            Marked for review: {marked.length}
            {marked.length > 0 && ` (question${marked.length === 1 ? '' : 's'} ${marked.join(', ')})`}
          </List.Item>
        </List>
        {unsaved > 0 && (
          <Text size="sm">
            {unsaved === 1 ? 'One answer is' : `${unsaved} answers are`} still being saved; submitting waits until the server has
            {unsaved === 1 ? ' it' : ' them'}.
          </Text>
        )}
        <Alert color="red" icon={<IconAlertTriangle />} variant="light">
          Submitting cannot be undone: you will not be able to change your answers afterwards.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Keep working
          </Button>
          <Button color="red" onClick={onConfirm}>
            Yes, submit my exam
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
