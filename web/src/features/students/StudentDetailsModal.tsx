import type { StudentListItem } from '@exam/shared';
import { Alert, Anchor, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { http, messageFromServer } from '../../api/http';
import { DetailList } from '../../components/DetailList';
import { HIDDEN_CONTACT } from '../../components/PersonAvatar';
import { PageLoader } from '../../components/PageLoader';
import { formatDateTime } from '../../lib/format';
import { RecentResultsTable } from '../reports/components/RecentResultsTable';
import type { ProgressReport } from '../reports/types';

const RECENT = 5;

/** Student details (surroundings §4): who they are, their latest results and the way to the full report. */
export function StudentDetailsModal({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  const report = useQuery({
    queryKey: ['reports', 'progress', student?._id],
    queryFn: () => http.get<ProgressReport>(`/reports/student/${student!._id}/progress`).then((r) => r.data),
    enabled: student !== null,
    meta: { silent: true },
  });
  return (
    <Modal opened={student !== null} onClose={onClose} title={student?.name ?? 'Student'} centered size="xl">
      {student && (
        <Stack>
          <Group gap="xs">
            <Badge color={student.status === 'active' ? 'green' : 'gray'} variant="light">
              {student.status === 'active' ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
          <DetailList
            items={[
              { label: 'Email', value: student.email ?? HIDDEN_CONTACT },
              ...(student.phone ? [{ label: 'Phone', value: student.phone }] : []),
              { label: 'Student ID', value: student.studentId ?? '—' },
              { label: 'Grade', value: student.grade ?? '—' },
              { label: 'Section', value: student.section ?? '—' },
              { label: 'Joined', value: formatDateTime(student.createdAt) ?? '—' },
            ]}
          />
          <Text fw={600}>Recent results</Text>
          {report.isPending ? (
            <PageLoader label="Loading results" />
          ) : report.isError ? (
            <Alert color="red">{messageFromServer(report.error, 'Failed to load progress data')}</Alert>
          ) : report.data.recentSubmissions.length === 0 ? (
            <Text c="dimmed">This student hasn&apos;t taken any exams yet.</Text>
          ) : (
            <RecentResultsTable results={report.data.recentSubmissions.slice(0, RECENT)} />
          )}
          <Anchor component={Link} to={`/reports/student/${student._id}/progress`}>
            View progress report
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
