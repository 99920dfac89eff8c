import { type Notification } from '@exam/shared';
import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { notificationMessage, relativeTimeOf } from '../../lib/dateFormat';

interface NotificationItemProps {
  notification: Notification;
  now: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/** Each kind's badge colour (a Map: the kinds are values here, not texts). */
const TYPE_COLORS = new Map<Notification['type'], string>([
  ['exam', 'indigo'],
  ['result', 'green'],
  ['system', 'gray'],
  ['message', 'grape'],
  ['reminder', 'orange'],
  ['warning', 'red'],
]);

/** One notification: unread ones say so in words and weight, not only in colour. */
export function NotificationItem({ notification: n, now, selected, onSelect, onOpen, onDelete, deleting }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid="notification-item"
      data-read={n.read ? 'true' : 'false'}
      style={n.read ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-filled)', background: 'var(--mantine-color-blue-light)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox mt={4} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} aria-label={t('item.select', { title: n.title })} />
        {/* Named by its content (title, kind, message, time), so the name holds what is on screen. */}
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
          {!n.read && <VisuallyHidden>{t('item.unreadPrefix')}</VisuallyHidden>}
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              {!n.read && (
                <Badge size="xs" color="blue" variant="filled" aria-hidden>
                  {t('item.new')}
                </Badge>
              )}
              <Text fw={n.read ? 500 : 700}>{n.title}</Text>
              <Badge size="xs" variant="outline" color={TYPE_COLORS.get(n.type) ?? 'gray'} style={{ textTransform: 'none' }}>
                {enumLabel('notificationTypes', n.type)}
              </Badge>
            </Group>
            <Text size="sm">{notificationMessage(n)}</Text>
            <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
              {relativeTimeOf(n.createdAt, now)}
            </Text>
          </Stack>
        </UnstyledButton>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} loading={deleting} aria-label={t('item.delete', { title: n.title })}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
