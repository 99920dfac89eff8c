import { MAX_EXTENSION_MINUTES, proctorExtendSchema, proctorMessageSchema } from '@exam/shared';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

interface MessageDialogProps {
  opened: boolean;
  /** The student's name, or null for every student sitting the exam. */
  recipient: string | null;
  busy: boolean;
  onSend: (text: string) => void;
  onCancel: () => void;
}

/** A message shown to the student (or everyone) at once; validated with the shared schema. */
export function MessageDialog({ opened, recipient, busy, onSend, onCancel }: MessageDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = recipient ? `Message ${recipient}` : 'Message every student';
  const close = () => {
    setText('');
    setError(null);
    onCancel();
  };
  const submit = () => {
    const parsed = proctorMessageSchema.shape.text.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message');
      return;
    }
    onSend(parsed.data);
    setText('');
    setError(null);
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Textarea
            label="Message"
            description={recipient ? 'Shown to the student at once.' : 'Shown at once to every student sitting the exam now.'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Send message
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface ExtendDialogProps {
  opened: boolean;
  name: string;
  busy: boolean;
  onExtend: (minutes: number) => void;
  onCancel: () => void;
}

export function ExtendDialog({ opened, name, busy, onExtend, onCancel }: ExtendDialogProps) {
  const [minutes, setMinutes] = useState<number | string>(5);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = proctorExtendSchema.shape.minutes.safeParse(typeof minutes === 'number' ? minutes : Number(minutes));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the minutes');
      return;
    }
    setError(null);
    onExtend(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={`Extend time for ${name}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <NumberInput
            label="Extra minutes"
            description={`1 to ${MAX_EXTENSION_MINUTES}. Only this student's deadline moves, even past the exam's end.`}
            value={minutes}
            onChange={setMinutes}
            min={1}
            max={MAX_EXTENSION_MINUTES}
            allowDecimal={false}
            error={error}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            The student's timer moves at once.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Extend time
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
