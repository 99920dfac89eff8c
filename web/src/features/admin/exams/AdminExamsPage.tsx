import { PAGE_SIZE, adminExamStatus } from '@exam/shared';
import { ActionIcon, Badge, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { SearchField } from '../../../components/SearchField';
import { StatCard } from '../../../components/StatCard';
import { enumLabel } from '../../../i18n/format';
import { formatDateTime } from '../../../lib/format';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useNow } from '../../../lib/useNow';
import { ExamStatusBadge } from '../../../components/ExamStatusBadge';
import { useExamDeletion } from '../../exams/components/useExamDeletion';
import { useExamList } from '../../exams/hooks';
import { failureReason } from '../../exams/messages';
import { adminExamText, ADMIN_FILTER_SUBJECTS, ADMIN_STATUS_FILTERS, statusFilter } from './messages';

const STATUS_COLORS = { Active: 'green', Published: 'blue', Draft: 'gray' } as const;
const FILTER_DEFAULTS = { subject: '', status: '', search: '' };

/** Admin exams: every exam in a table, filters, counters, view/edit/delete. */
export function AdminExamsPage() {
  const { t } = useTranslation('admin');
  const now = useNow();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const query = { page, limit: PAGE_SIZE, sort: '-createdAt', subject: values.subject, search: values.search };
  const list = useExamList({ ...query, status: statusFilter(values.status) }, { silent: true });
  const deletion = useExamDeletion({
    success: adminExamText('deleted'),
    failure: (error) => failureReason(error, adminExamText('deleteFallback')),
  });

  const stats = list.data?.stats;
  const exams = list.data?.exams ?? [];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('exams.title')}
        </Title>

        {stats && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <StatCard label={t('exams.stats.total')} value={stats.total} />
            <StatCard label={t('exams.stats.published')} value={stats.published} />
            <StatCard label={t('exams.stats.drafts')} value={stats.draft} />
            <StatCard label={t('exams.stats.upcoming')} value={stats.upcoming} />
            <StatCard label={t('exams.stats.ongoing')} value={stats.ongoing} />
            <StatCard label={t('exams.stats.completed')} value={stats.completed} />
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: 3 }} role="search" aria-label={t('exams.filterLabel')}>
          <NativeSelect
            label={t('exams.subject')}
            data={[{ value: '', label: t('exams.allSubjects') }, ...ADMIN_FILTER_SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))]}
            value={values.subject}
            onChange={(e) => setFilter('subject', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('exams.status')}
            data={[{ value: '', label: t('exams.allStatuses') }, ...ADMIN_STATUS_FILTERS.map(({ value }) => ({ value, label: enumLabel('examStatuses', value) }))]}
            value={values.status}
            onChange={(e) => setFilter('status', e.currentTarget.value)}
          />
          <SearchField label={t('common:actions.search')} value={values.search} onSearch={(v) => setFilter('search', v)} />
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label={t('exams.loading')} />
        ) : list.isError ? (
          <LoadError message={adminExamText('loadFailed')} onRetry={() => void list.refetch()} />
        ) : exams.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{adminExamText('empty')}</Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                {t('exams.clearFilters')}
              </Button>
            )}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label={t('exams.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exams.columns.title')}</Table.Th>
                  <Table.Th>{t('exams.columns.subject')}</Table.Th>
                  <Table.Th>{t('exams.columns.grade')}</Table.Th>
                  <Table.Th>{t('exams.columns.questions')}</Table.Th>
                  <Table.Th>{t('exams.columns.starts')}</Table.Th>
                  <Table.Th>{t('exams.columns.time')}</Table.Th>
                  <Table.Th>{t('exams.columns.status')}</Table.Th>
                  <Table.Th>{t('exams.columns.createdBy')}</Table.Th>
                  <Table.Th>{t('exams.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exams.map((exam) => {
                  const status = adminExamStatus(exam);
                  return (
                    <Table.Tr key={exam._id}>
                      <Table.Td>{exam.title}</Table.Td>
                      <Table.Td>{enumLabel('subjects', exam.subject)}</Table.Td>
                      <Table.Td>{exam.grade}</Table.Td>
                      <Table.Td>{exam.totalQuestions}</Table.Td>
                      <Table.Td>{formatDateTime(exam.schedule.startDate) ?? '—'}</Table.Td>
                      <Table.Td>
                        <ExamStatusBadge schedule={exam.schedule} now={now} withCountdown={false} />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[status]} variant="light">
                          {enumLabel('examStatuses', status.toLowerCase())}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {exam.createdBy.firstName} {exam.createdBy.lastName}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            component={Link}
                            to={`/admin/exams/${exam._id}`}
                            aria-label={t('exams.viewExam', { title: exam.title })}
                            title={t('common:actions.view')}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            component={Link}
                            to={`/exam/${exam._id}/edit`}
                            aria-label={t('exams.editExam', { title: exam.title })}
                            title={t('common:actions.edit')}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => deletion.request(exam)}
                            aria-label={t('exams.deleteExam', { title: exam.title })}
                            title={t('common:actions.delete')}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('exams.pagination')} />
      </Stack>

      {deletion.dialog}
    </Box>
  );
}
