import { msg } from '../../i18n/messages';
import { PAGE_SIZE, STUDENT_GRADES, type StudentListItem } from '@exam/shared';
import { ActionIcon, Anchor, Badge, Box, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { PersonLabel } from '../../components/PersonAvatar';
import { SearchField } from '../../components/SearchField';
import { StatCard } from '../../components/StatCard';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useFilterParams } from '../../lib/useFilterParams';
import { usersApi } from '../admin/users/api';
import { userKeys } from '../admin/users/hooks';
import { AccommodationBadge } from '../accommodations/AccommodationBadge';
import { StudentAccommodationDialog } from '../accommodations/StudentAccommodationDialog';
import { StudentDetailsModal } from './StudentDetailsModal';

const FILTER_DEFAULTS = { search: '', grade: '', status: '', sort: 'name', order: 'asc' };
/** The orders the server understands, by their key in students:filters.sorts. */
const SORTS = ['name', 'email', 'grade', 'createdAt'] as const;

/** A server with accommodations (issue 56) marks the students who have one; an older one says nothing. */

/** Students list for teachers and admins. */
export function StudentsPage() {
  const { t } = useTranslation('students');
  const { t: ta } = useTranslation('accommodations');
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const params = { page, limit: PAGE_SIZE, ...values };
  const list = useQuery({
    queryKey: userKeys.students(params),
    queryFn: () => usersApi.students(params),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const [selected, setSelected] = useState<StudentListItem | null>(null);
  const [accommodating, setAccommodating] = useState<{ id: string; name: string } | null>(null);

  // Spec: a failed load is announced by the toast 'Failed to fetch students'.
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notifyError(msg('users.studentsFailed'), 'students-failed');
  }, [failedAt]);

  const students = list.data?.students ?? [];
  const stats = list.data?.stats;
  const ascending = values.order !== 'desc';

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('title')}
        </Title>

        {stats && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard label={t('stats.total')} value={stats.total} />
            <StatCard label={t('stats.active')} value={stats.active} />
            <StatCard label={t('stats.inactive')} value={stats.inactive} />
            <StatCard label={t('stats.grades')} value={stats.grades} />
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: 4 }} role="search" aria-label={t('filters.label')}>
          <SearchField label={t('filters.search')} value={values.search} onSearch={(v) => setFilter('search', v)} />
          <NativeSelect
            label={t('filters.grade')}
            data={[{ value: '', label: t('filters.allGrades') }, ...STUDENT_GRADES.map((g) => ({ value: String(g), label: t('gradeN', { grade: g }) }))]}
            value={values.grade}
            onChange={(e) => setFilter('grade', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('filters.status')}
            data={[
              { value: '', label: t('filters.allStatuses') },
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
            value={values.status}
            onChange={(e) => setFilter('status', e.currentTarget.value)}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NativeSelect
              label={t('filters.sortBy')}
              data={SORTS.map((value) => ({ value, label: t(`filters.sorts.${value}`) }))} value={values.sort} onChange={(e) => setFilter('sort', e.currentTarget.value)} style={{ flex: 1 }} />
            <ActionIcon
              size="lg"
              variant="default"
              onClick={() => setFilter('order', ascending ? 'desc' : 'asc')}
              aria-label={ascending ? t('filters.sortDescending') : t('filters.sortAscending')}
              title={ascending ? t('filters.ascending') : t('filters.descending')}
            >
              {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
            </ActionIcon>
          </Group>
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('loading')} />
        ) : list.isError ? (
          <LoadError message={msg('users.studentsFailed')} onRetry={() => void list.refetch()} />
        ) : students.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{msg('users.studentsEmpty')}</Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                {t('filters.clear')}
              </Button>
            )}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={t('title')} role="list">
            {students.map((s) => (
              <Card key={s._id} withBorder radius="md" role="listitem" data-testid={`student-${s._id}`}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <PersonLabel person={s} detail={s.email} />
                    <Group gap={4} wrap="nowrap">
                      {s.accommodated && <AccommodationBadge />}
                      <Badge color={s.status === 'active' ? 'green' : 'gray'} variant="light">
                        {s.status === 'active' ? t('status.active') : t('status.inactive')}
                      </Badge>
                    </Group>
                  </Group>
                  <Text size="sm">
                    {t('card.gradeSection', { grade: s.grade ?? '—', section: s.section ?? '—' })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('card.joined', { date: formatDateTime(s.createdAt) ?? '—' })}
                  </Text>
                  <Group mt="xs">
                    <Button size="xs" variant="light" onClick={() => setSelected(s)} aria-label={t('card.detailsOf', { name: s.name })}>
                      {t('card.details')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setAccommodating({ id: s._id, name: s.name })} aria-label={ta('students.actionOf', { name: s.name })}>
                      {ta('students.action')}
                    </Button>
                    <Anchor component={Link} to={`/reports/student/${s._id}/progress`} size="sm">
                      {t('card.progressReport')}
                    </Anchor>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('pages')} />
      </Stack>
      <StudentDetailsModal student={selected} onClose={() => setSelected(null)} />
      <StudentAccommodationDialog student={accommodating} onClose={() => setAccommodating(null)} />
    </Box>
  );
}
