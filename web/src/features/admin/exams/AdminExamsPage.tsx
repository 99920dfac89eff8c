import { PAGE_SIZE, adminExamStatus } from '@exam/shared';
import { ActionIcon, Badge, Box, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { SearchField } from '../../../components/SearchField';
import { StatCard } from '../../../components/StatCard';
import { formatDateTime, titleCase } from '../../../lib/format';
import { useFilterParams } from '../../../lib/useFilterParams';
import { useNow } from '../../../lib/useNow';
import { ExamStatusBadge } from '../../exams/components/ExamStatusBadge';
import { useExamDeletion } from '../../exams/components/useExamDeletion';
import { useExamList } from '../../exams/hooks';
import { failureReason } from '../../exams/messages';
import { ADMIN_EXAM_TEXT, ADMIN_FILTER_SUBJECTS, ADMIN_STATUS_FILTERS, publishedFilter } from './messages';

const STATUS_COLORS = { Active: 'green', Published: 'blue', Draft: 'gray' } as const;
const FILTER_DEFAULTS = { subject: '', status: '', search: '' };

/** Admin exams (surroundings §2): every exam in a table, filters, counters, view/edit/delete. */
export function AdminExamsPage() {
  const now = useNow();
  const { values, page, setFilter, setPage, clear, filtered } = useFilterParams(FILTER_DEFAULTS);
  const query = { page, limit: PAGE_SIZE, sort: '-createdAt', subject: values.subject, search: values.search };
  const list = useExamList({ ...query, published: publishedFilter(values.status) }, { silent: true });
  const deletion = useExamDeletion({
    success: ADMIN_EXAM_TEXT.deleted,
    failure: (error) => failureReason(error, ADMIN_EXAM_TEXT.deleteFallback),
  });

  const stats = list.data?.stats;
  const exams = list.data?.exams ?? [];

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Exam Management
        </Title>

        {stats && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <StatCard label="Total" value={stats.total} />
            <StatCard label="Published" value={stats.published} />
            <StatCard label="Drafts" value={stats.draft} />
            <StatCard label="Upcoming" value={stats.upcoming} />
            <StatCard label="Ongoing" value={stats.ongoing} />
            <StatCard label="Completed" value={stats.completed} />
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: 3 }} role="search" aria-label="Filter exams">
          <NativeSelect
            label="Subject"
            data={[{ value: '', label: 'All subjects' }, ...ADMIN_FILTER_SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))]}
            value={values.subject}
            onChange={(e) => setFilter('subject', e.currentTarget.value)}
          />
          <NativeSelect
            label="Status"
            data={[{ value: '', label: 'All statuses' }, ...ADMIN_STATUS_FILTERS.map(({ value, label }) => ({ value, label }))]}
            value={values.status}
            onChange={(e) => setFilter('status', e.currentTarget.value)}
          />
          <SearchField value={values.search} onSearch={(v) => setFilter('search', v)} />
        </SimpleGrid>

        {list.isPending ? (
          <PageLoader label="Loading exams" />
        ) : list.isError ? (
          <LoadError message={ADMIN_EXAM_TEXT.loadFailed} onRetry={() => void list.refetch()} />
        ) : exams.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>{ADMIN_EXAM_TEXT.empty}</Text>
            {filtered && (
              <Button variant="light" onClick={clear}>
                Clear Filters
              </Button>
            )}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label="Exams">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th>Questions</Table.Th>
                  <Table.Th>Starts</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created By</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exams.map((exam) => {
                  const status = adminExamStatus(exam);
                  return (
                    <Table.Tr key={exam._id}>
                      <Table.Td>{exam.title}</Table.Td>
                      <Table.Td>{titleCase(exam.subject)}</Table.Td>
                      <Table.Td>{exam.grade}</Table.Td>
                      <Table.Td>{exam.totalQuestions}</Table.Td>
                      <Table.Td>{formatDateTime(exam.schedule.startDate) ?? '—'}</Table.Td>
                      <Table.Td>
                        <ExamStatusBadge schedule={exam.schedule} now={now} withCountdown={false} />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[status]} variant="light">
                          {status}
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
                            aria-label={`View ${exam.title}`}
                            title="View"
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            component={Link}
                            to={`/exam/${exam._id}/edit`}
                            aria-label={`Edit ${exam.title}`}
                            title="Edit"
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => deletion.request(exam)}
                            aria-label={`Delete ${exam.title}`}
                            title="Delete"
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

        <ListPagination total={list.data?.totalPages ?? 0} page={page} onChange={setPage} label="Exam pages" />
      </Stack>

      {deletion.dialog}
    </Box>
  );
}
