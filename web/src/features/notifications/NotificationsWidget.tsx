import { DASHBOARD_NOTIFICATION_LIMIT } from '@exam/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNow } from '../../lib/useNow';
import { useUnread } from './hooks';
import { notificationMessage, relativeTimeOf } from '../../lib/dateFormat';

/** The dashboard's widget: unread notifications only, at most 5, and the way to all of them. */
export function NotificationsWidget() {
  const { t } = useTranslation('notifications');
  const unread = useUnread(DASHBOARD_NOTIFICATION_LIMIT);
  const now = useNow(30_000);
  const items = unread.data?.notifications ?? [];

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="notifications-widget-title" data-testid="notifications-widget">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="notifications-widget-title">
            {t('widget.title')}
          </Title>
          {unread.data && (
            <Badge variant="light" style={{ textTransform: 'none' }}>
              {t('unreadCount', { count: unread.data.unreadCount })}
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to="/notifications" size="sm">
          {t('widget.viewAll')}
        </Anchor>
      </Group>
      {unread.isError ? (
        <Text size="sm" c="dimmed">
          {t('widget.unavailable')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {unread.isPending ? t('common:actions.loading') : t('widget.noUnread')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((n) => (
            <li key={n._id}>
              <Text size="sm" fw={600}>
                {n.title}
              </Text>
              <Text size="sm" lineClamp={2}>
                {notificationMessage(n)}
              </Text>
              <Text size="xs" c="dimmed">
                {relativeTimeOf(n.createdAt, now)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
