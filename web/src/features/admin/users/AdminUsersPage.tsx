import { msg } from '../../../i18n/messages';
import { PAGE_SIZE, ROLES, USER_SORTS, type User } from '@exam/shared';
import { ActionIcon, Badge, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconFileImport, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../../api/http';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { PersonLabel } from '../../../components/PersonAvatar';
import { SearchField } from '../../../components/SearchField';
import { enumLabel } from '../../../i18n/format';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useAuth } from '../../../session/useAuth';
import { BulkImportModal } from './BulkImportModal';
import { useDeleteUser, useSetUserActive, useUserList } from './hooks';
import { UserFormModal } from './UserFormModal';

const FILTER_DEFAULTS = { role: '', search: '', sort: 'createdAt', order: 'desc' };
const ROLE_COLORS = { admin: 'red', teacher: 'blue', student: 'green', parent: 'grape' } as const;

/** Admin users: table, role filter, search, sort, pages of 10, add/edit/delete, bulk import. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const { user: me } = useAuth();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const list = useUserList({
    page,
    limit: PAGE_SIZE,
    sort: values.sort,
    order: values.order === 'asc' ? 'asc' : 'desc',
    role: values.role || undefined,
    search: values.search || undefined,
  });
  const remove = useDeleteUser();
  const setActive = useSetUserActive();
  const [formUser, setFormUser] = useState<User | null | undefined>(undefined);
  const [importOpen, setImportOpen] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);

  const users = list.data?.users ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => notifySuccess(msg('users.deleted')),
      onError: (e) => notifyError(messageFromServer(e, msg('users.deleteFailed'))),
      onSettled: () => setDeleting(null),
    });
  };

  const toggleActive = (user: User) => {
    const next = user.isActive === false;
    setActive.mutate(
      { id: user._id, isActive: next },
      {
        onSuccess: () => notifySuccess(next ? msg('users.activated') : msg('users.deactivated')),
        onError: (e) => notifyError(messageFromServer(e, msg('users.statusFailed'))),
      },
    );
  };

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('users.title')}
          </Title>
          <Group>
            <Button variant="light" leftSection={<IconFileImport size={18} aria-hidden />} onClick={() => setImportOpen(true)}>
              {t('users.bulkImport')}
            </Button>
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setFormUser(null)}>
              {t('users.addUser')}
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 4 }} role="search" aria-label={t('users.filterLabel')}>
          <NativeSelect
            label={t('users.role')}
            data={[{ value: '', label: t('users.allRoles') }, ...ROLES.map((r) => ({ value: r, label: enumLabel('roles', r) }))]}
            value={values.role}
            onChange={(e) => setFilter('role', e.currentTarget.value)}
          />
          <SearchField label={t('users.searchLabel')} value={values.search} onSearch={(v) => setFilter('search', v)} />
          <NativeSelect
            label={t('users.sortBy')}
            data={USER_SORTS.map((s) => ({ value: s, label: t(`users.sorts.${s}`) }))}
            value={values.sort}
            onChange={(e) => setFilter('sort', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('users.order')}
            data={[
              { value: 'desc', label: t('users.descending') },
              { value: 'asc', label: t('users.ascending') },
            ]}
            value={values.order}
            onChange={(e) => setFilter('order', e.currentTarget.value)}
          />
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('users.loading')} />
        ) : list.isError ? (
          <LoadError message={msg('users.loadFailed')} onRetry={() => void list.refetch()} />
        ) : users.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{msg('users.empty')}</Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                {t('users.clearFilters')}
              </Button>
            )}
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('users.count', { count: list.data?.total ?? 0 })}
            </Text>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover aria-label={t('users.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.columns.name')}</Table.Th>
                    <Table.Th>{t('users.columns.email')}</Table.Th>
                    <Table.Th>{t('users.columns.role')}</Table.Th>
                    <Table.Th>{t('users.columns.details')}</Table.Th>
                    <Table.Th>{t('users.columns.active')}</Table.Th>
                    <Table.Th>{t('users.columns.created')}</Table.Th>
                    <Table.Th>{t('users.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.map((user) => {
                    const own = user._id === me?._id;
                    // Spec: a user counts as inactive only when isActive is explicitly false.
                    const active = user.isActive !== false;
                    return (
                      <Table.Tr key={user._id} data-testid={`user-row-${user.email}`}>
                        <Table.Td>
                          <PersonLabel person={user} size={28} />
                        </Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                        <Table.Td>
                          <Badge color={ROLE_COLORS[user.role]} variant="light">
                            {enumLabel('roles', user.role)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {user.role === 'student' && user.grade
                            ? user.section
                              ? t('users.gradeSection', { grade: user.grade, section: user.section })
                              : t('users.gradeOnly', { grade: user.grade })
                            : null}
                          {user.role === 'teacher' && user.subject ? enumLabel('subjects', user.subject) : null}
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={active}
                            disabled={own}
                            onChange={() => toggleActive(user)}
                            label={active ? t('users.active') : t('users.inactive')}
                            aria-label={active ? t('users.deactivateName', { name: user.name }) : t('users.activateName', { name: user.name })}
                          />
                        </Table.Td>
                        <Table.Td>{formatDateTime(user.createdAt)}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon variant="subtle" onClick={() => setFormUser(user)} aria-label={t('users.editName', { name: user.name })} title={t('common:actions.edit')}>
                              <IconEdit size={18} />
                            </ActionIcon>
                            {!own && (
                              <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(user)} aria-label={t('users.deleteName', { name: user.name })} title={t('common:actions.delete')}>
                                <IconTrash size={18} />
                              </ActionIcon>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('users.pagination')} />
      </Stack>

      <UserFormModal opened={formUser !== undefined} user={formUser ?? null} selfId={me?._id} onClose={() => setFormUser(undefined)} />
      <BulkImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('users.deleteDialogTitle')}
        message={msg('users.deleteConfirm')}
        confirmLabel={t('common:actions.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
