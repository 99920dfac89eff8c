import type { Exam, GradePost, LtiExamLink } from '@exam/shared';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../session/useAuth';
import { managesStaff } from '../exam-staff/StaffLink';
import { useExamLinks, useGradePosts, useRetryGradePosts, useSyncRoster } from './hooks';

/**
 * "Course gradebook" on an exam's page, for its owner and admins, when LMS courses link to the exam
 * (docs/lti.md): each course with its roster's last sync and "Sync roster now", its scores counted
 * by where they stand, and the scores the LMS refused for good, each with its error, and "Retry".
 */
export function CourseGradebookCard({ exam }: { exam: Pick<Exam, '_id' | 'myRole'> }) {
  const { t } = useTranslation('ltiGrades');
  const { user } = useAuth();
  const id = useId();
  // The exam's owner and admins manage its gradebook, as they manage its staff (the server decides).
  const allowed = managesStaff(exam, user?.role);
  const links = useExamLinks(exam._id, allowed);
  const hasLinks = !!links.data?.length;
  const posts = useGradePosts(exam._id, allowed && hasLinks);
  if (!hasLinks) return null;
  const failed = (posts.data ?? []).filter((p) => p.status === 'failed');
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id} data-testid="course-gradebook">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('hint')}
          </Text>
        </div>
        {links.data!.map((link) => (
          <CourseLink key={link.id} examId={exam._id} link={link} />
        ))}
        {failed.length > 0 && <FailedPosts examId={exam._id} failed={failed} />}
      </Stack>
    </Card>
  );
}

function CourseLink({ examId, link }: { examId: string; link: LtiExamLink }) {
  const { t } = useTranslation('ltiGrades');
  const sync = useSyncRoster(examId);
  const name = link.contextTitle ?? t('untitledCourse');
  const syncNow = () =>
    sync.mutate(link.id, {
      onSuccess: (updated) => (updated.rosterError ? notifyError(t('rosterFailed', { error: updated.rosterError })) : notifySuccess(t('rosterSynced', { course: name }))),
      onError: (e) => notifyError(messageFromServer(e, msg('common.genericError'))),
    });
  return (
    <Stack gap={6} component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {link.platformName}
          </Text>
        </div>
        <Button variant="light" size="xs" leftSection={<IconRefresh size={16} aria-hidden />} loading={sync.isPending} onClick={syncNow}>
          {t('syncRoster')}
        </Button>
      </Group>
      <Text size="sm">{link.rosterSyncedAt ? t('rosterSyncedAt', { when: formatDateTime(link.rosterSyncedAt) }) : t('rosterNever')}</Text>
      {link.rosterError && (
        <Text size="sm" c="red" data-testid="roster-error">
          {t('rosterFailed', { error: link.rosterError })}
        </Text>
      )}
      <Group gap="xs" aria-label={t('countsLabel')}>
        <Badge variant="light" color="green">
          {t('counts.sent', { count: link.grades.sent })}
        </Badge>
        <Badge variant="light" color="blue">
          {t('counts.pending', { count: link.grades.pending })}
        </Badge>
        <Badge variant="light" color={link.grades.failed ? 'red' : 'gray'}>
          {t('counts.failed', { count: link.grades.failed })}
        </Badge>
      </Group>
    </Stack>
  );
}

function FailedPosts({ examId, failed }: { examId: string; failed: GradePost[] }) {
  const { t } = useTranslation('ltiGrades');
  const retry = useRetryGradePosts(examId);
  const id = useId();
  const retryAll = () =>
    retry.mutate(undefined, {
      onSuccess: (res) => notifySuccess(res.message ?? msg('lti.gradesRetried')),
      onError: (e) => notifyError(messageFromServer(e, msg('common.genericError'))),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={3} size="h5" id={id}>
          {t('failedTitle')}
        </Title>
        <Button color="red" variant="light" size="xs" leftSection={<IconSend size={16} aria-hidden />} loading={retry.isPending} onClick={retryAll}>
          {t('retry')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('failedHint')}
      </Text>
      <List size="sm" spacing={4}>
        {failed.map((p) => (
          <List.Item key={`${p.attemptId}-${p.platformName}`}>
            <Text span fw={600} size="sm">
              {p.studentName}
            </Text>{' '}
            <Text span size="sm">
              {t('failedItem', { platform: p.platformName, error: p.lastError ?? '' })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
