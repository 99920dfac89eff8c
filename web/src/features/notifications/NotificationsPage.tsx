import { bulkNotificationSchema, type Notification } from '@exam/shared';
import { Badge, Box, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { enumLabel } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNow } from '../../lib/useNow';
import { NOTIFICATION_FILTERS, type NotificationFilter } from './api';
import { useDeleteNotification, useDeleteNotifications, useMarkAllRead, useMarkRead, useNotificationList } from './hooks';
import { NotificationItem } from './NotificationItem';

const PAGE_SIZE = 20;

/** /notifications and /parent/notifications: filter, select, mark read, delete, follow. */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  /** A filter's name: the read states are this page's words, the kinds are notification types. */
  const filterLabel = (f: NotificationFilter) => (f === 'all' || f === 'unread' || f === 'read' ? t(`page.filters.${f}`) : enumLabel('notificationTypes', f));
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const now = useNow(30_000);

  const list = useNotificationList({ filter, page, limit: PAGE_SIZE });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const removeOne = useDeleteNotification();
  const removeMany = useDeleteNotifications();

  const items = useMemo(() => list.data?.notifications ?? [], [list.data]);
  // Only what is on screen can be selected: a refetch that dropped an item drops its selection.
  const visibleSelected = useMemo(() => items.filter((n) => selected.has(n._id)).map((n) => n._id), [items, selected]);
  const allSelected = items.length > 0 && visibleSelected.length === items.length;

  const changeFilter = (value: string) => {
    setFilter(value as NotificationFilter);
    setPage(1);
    setSelected(new Set());
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n._id]);
    if (!n.actionUrl) return;
    if (/^https?:\/\//.test(n.actionUrl)) window.location.assign(n.actionUrl);
    else void navigate(n.actionUrl);
  };

  const askBulkDelete = () => {
    if (!bulkNotificationSchema.safeParse({ notificationIds: visibleSelected }).success) {
      notifyError(t('page.selectToDelete'));
      return;
    }
    setConfirming(true);
  };

  const bulkDelete = () =>
    removeMany.mutate(visibleSelected, {
      onSuccess: () => {
        notifySuccess(t('page.deleted', { count: visibleSelected.length }));
        setSelected(new Set());
        setConfirming(false);
      },
      onError: () => {
        notifyError(t('page.deleteFailed'));
        setConfirming(false);
      },
    });

  const deleteOne = (n: Notification) =>
    removeOne.mutate(n._id, {
      onSuccess: () => toggle(n._id, false),
      onError: () => notifyError(t('page.deleteFailed')),
    });

  const bulkRead = () => {
    const unread = items.filter((n) => visibleSelected.includes(n._id) && !n.read).map((n) => n._id);
    if (!visibleSelected.length) {
      notifyError(t('page.selectToMarkRead'));
      return;
    }
    if (unread.length) markRead.mutate(unread, { onError: (e) => notifyError(errorMessage(e)), onSuccess: () => setSelected(new Set()) });
    else setSelected(new Set());
  };

  const unreadCount = list.data?.unreadCount ?? 0;

  return (
    <Box py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Badge variant="light" size="lg" data-testid="page-unread-count" style={{ textTransform: 'none' }}>
            {t('unreadCount', { count: unreadCount })}
          </Badge>
        </Group>

        <SegmentedControl
          aria-label={t('page.filterLabel')}
          value={filter}
          onChange={changeFilter}
          data={NOTIFICATION_FILTERS.map((f) => ({ value: f, label: filterLabel(f) }))}
          fullWidth
        />

        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox
              label={t('page.selectAll')}
              checked={allSelected}
              indeterminate={visibleSelected.length > 0 && !allSelected}
              disabled={items.length === 0}
              onChange={(e) => setSelected(e.currentTarget.checked ? new Set(items.map((n) => n._id)) : new Set())}
            />
            <Group gap="xs" wrap="wrap">
              <Button variant="light" size="xs" leftSection={<IconChecks size={16} aria-hidden />} onClick={bulkRead} loading={markRead.isPending}>
                {t('page.markSelectedRead')}
              </Button>
              <Button
                variant="light"
                size="xs"
                onClick={() => markAll.mutate(undefined, { onError: (e) => notifyError(errorMessage(e)) })}
                loading={markAll.isPending}
                disabled={unreadCount === 0}
              >
                {t('page.markAllRead')}
              </Button>
              <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={16} aria-hidden />} onClick={askBulkDelete}>
                {t('page.deleteSelected')}
              </Button>
            </Group>
          </Group>
        </Paper>

        {list.isPending ? (
          <PageLoader label={t('page.loading')} />
        ) : list.isError ? (
          <LoadError message={t('page.loadFailed')} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('page.empty')} message={filter === 'all' ? t('page.allCaughtUp') : t('page.nothingMatches')} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('page.listLabel')} data-testid="notification-list">
            {items.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                now={now}
                selected={selected.has(n._id)}
                onSelect={(on) => toggle(n._id, on)}
                onOpen={() => open(n)}
                onDelete={() => deleteOne(n)}
                deleting={removeOne.isPending && removeOne.variables === n._id}
              />
            ))}
          </Stack>
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('page.pagination')} />
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed" ta="center">
            {t('page.total', { count: list.data.total })}
          </Text>
        )}
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title={t('page.deleteDialog.title')}
        message={t('page.deleteDialog.message', { count: visibleSelected.length })}
        confirmLabel={t('common:actions.delete')}
        busy={removeMany.isPending}
        onConfirm={bulkDelete}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
