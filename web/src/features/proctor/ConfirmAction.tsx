import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmActionProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A proctor action that changes a student's attempt asks first (focus trapped, Escape cancels). */
export function ConfirmAction({ opened, title, message, confirmLabel, color = 'red', busy, onConfirm, onCancel }: ConfirmActionProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeOnClickOutside={!busy}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
