import { MAX_EXTENSION_MINUTES, proctorExtendSchema, proctorMessageSchema } from '@exam/shared';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/format';

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
  const { t } = useTranslation('proctor');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = recipient ? t('dialogs.messageTo', { name: recipient }) : t('dialogs.messageEveryone');
  const close = () => {
    setText('');
    setError(null);
    onCancel();
  };
  const submit = () => {
    const parsed = proctorMessageSchema.shape.text.safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? translateMessage(issue) : t('dialogs.writeMessage'));
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
            label={t('dialogs.message')}
            description={recipient ? t('dialogs.messageHelpOne') : t('dialogs.messageHelpAll')}
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
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('dialogs.sendMessage')}
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
  const { t } = useTranslation('proctor');
  const [minutes, setMinutes] = useState<number | string>(5);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = proctorExtendSchema.shape.minutes.safeParse(typeof minutes === 'number' ? minutes : Number(minutes));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? translateMessage(issue) : t('dialogs.enterMinutes'));
      return;
    }
    setError(null);
    onExtend(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={t('dialogs.extendTitle', { name })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <NumberInput
            label={t('dialogs.extraMinutes')}
            description={t('dialogs.extraMinutesHelp', { max: MAX_EXTENSION_MINUTES })}
            value={minutes}
            onChange={setMinutes}
            min={1}
            max={MAX_EXTENSION_MINUTES}
            allowDecimal={false}
            error={error}
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {t('dialogs.timerMoves')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('dialogs.extendTime')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
