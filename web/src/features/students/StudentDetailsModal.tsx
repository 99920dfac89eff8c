import type { ProgressReport, StudentListItem } from '@exam/shared';
import { Alert, Anchor, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { http, messageFromServer } from '../../api/http';
import { DetailList } from '../../components/DetailList';
import { PageLoader } from '../../components/PageLoader';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { RecentResultsTable } from '../reports/components/RecentResultsTable';

const RECENT = 5;

/** Student details: who they are, their latest results and the way to the full report. */
export function StudentDetailsModal({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  const { t } = useTranslation('students');
  const report = useQuery({
    queryKey: ['reports', 'progress', student?._id],
    queryFn: () => http.get<ProgressReport>(`/reports/student/${student!._id}/progress`).then((r) => r.data),
    enabled: student !== null,
    meta: { silent: true },
  });
  return (
    <Modal opened={student !== null} onClose={onClose} title={student?.name ?? t('details.fallbackTitle')} centered size="xl">
      {student && (
        <Stack>
          <Group gap="xs">
            <Badge color={student.status === 'active' ? 'green' : 'gray'} variant="light">
              {student.status === 'active' ? t('status.active') : t('status.inactive')}
            </Badge>
          </Group>
          <DetailList
            items={[
              { label: t('details.email'), value: student.email ?? t('details.hiddenContact') },
              ...(student.phone ? [{ label: t('details.phone'), value: student.phone }] : []),
              { label: t('details.studentId'), value: student.studentId ?? '—' },
              { label: t('details.grade'), value: student.grade ?? '—' },
              { label: t('details.section'), value: student.section ?? '—' },
              { label: t('details.joined'), value: formatDateTime(student.createdAt) ?? '—' },
            ]}
          />
          <Text fw={600}>{t('details.recentResults')}</Text>
          {report.isPending ? (
            <PageLoader label={t('details.loadingResults')} />
          ) : report.isError ? (
            <Alert color="red">{messageFromServer(report.error, msg('parent.progressFailed'))}</Alert>
          ) : report.data.recentSubmissions.length === 0 ? (
            <Text c="dimmed">{t('details.noResults')}</Text>
          ) : (
            <RecentResultsTable results={report.data.recentSubmissions.slice(0, RECENT)} />
          )}
          <Anchor component={Link} to={`/reports/student/${student._id}/progress`}>
            {t('details.viewProgressReport')}
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
