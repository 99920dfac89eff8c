import { examTimeStatus, parentCardAction, studentCardAction, type CardAction, type Role, type Exam } from '@exam/shared';
import { Box, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { i18n } from '../../i18n';
import { enumLabel, formatDuration } from '../../i18n/format';
import { ListPagination } from '../../components/ListPagination';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useFilterParams } from '../../lib/useFilterParams';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../../session/useAuth';
import { ExamStatusBadge } from '../../components/ExamStatusBadge';
import { useExamList } from '../exams/hooks';
import { useDatePrefs } from '../../lib/dateFormat';
import { cardWords } from '../../i18n/cardWords';
import { dayHeading, groupByDay, timeRange } from './groupByDay';

/** Each tab is one server filter and the order that reads naturally for it. */
const TABS = [
  { value: 'upcoming', status: 'upcoming', sort: 'startTime' },
  { value: 'active', status: 'ongoing', sort: 'startTime' },
  { value: 'past', status: 'completed', sort: '-startTime' },
  { value: 'all', status: '', sort: 'startTime' },
] as const;

/** The server's largest page: a schedule reads best as one long list, grouped by day. */
const SCHEDULE_PAGE_SIZE = 100;

/** Schedule: the exams the viewer may see, by tab, grouped by day. */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  const { user } = useAuth();
  const { values, page, setFilter, setPage } = useFilterParams({ tab: 'upcoming' });
  const tab = TABS.find((t) => t.value === values.tab) ?? TABS[0];
  // The route guard renders this page for a signed-in user only.
  if (!user) return null;

  return (
    <Box py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Tabs value={tab.value} onChange={(value) => setFilter('tab', value ?? 'upcoming')}>
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {t(`tabs.${item.value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab.value} pt="md">
            <ScheduleList role={user.role} status={tab.status} sort={tab.sort} page={page} onPage={setPage} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Box>
  );
}

interface ScheduleListProps {
  role: Role;
  status: string;
  sort: string;
  page: number;
  onPage: (page: number) => void;
}

function ScheduleList({ role, status, sort, page, onPage }: ScheduleListProps) {
  const { t } = useTranslation('schedule');
  const now = useNow();
  // Day headings and times follow the reader's date/time settings; re-render when they change.
  useDatePrefs();
  const list = useExamList({ page, limit: SCHEDULE_PAGE_SIZE, status, sort }, { silent: true });

  if (list.isPending) return <PageLoader label={t('loading')} />;
  if (list.isError) {
    return <LoadError message={messageFromServer(list.error, t('loadFailed'))} onRetry={() => void list.refetch()} />;
  }
  if (list.data.exams.length === 0) {
    return (
      <Stack align="center" py="xl" gap="xs">
        <IconCalendarOff size={40} aria-hidden />
        <Text fw={600}>{t('empty')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {groupByDay(list.data.exams, (e) => e.schedule.startDate).map((group) => (
        <section key={group.day} aria-labelledby={`day-${group.day}`}>
          <Title order={2} size="h5" id={`day-${group.day}`} mb="xs">
            {dayHeading(group.day)}
          </Title>
          <Stack gap="sm">
            {group.items.map((exam) => (
              <ScheduleItem key={exam._id} exam={exam} role={role} now={now} />
            ))}
          </Stack>
        </section>
      ))}
      <ListPagination total={list.data.totalPages} page={page} onChange={onPage} label={t('pages')} />
    </Stack>
  );
}

/**
 * The role's action: students the shared card rule while active or past (so
 * attempts are respected, and 'View Result' opens their own result; an exam never sat offers
 * none); teachers 'Manage'; parents the card's link.
 */
export function scheduleAction(exam: Exam, role: Role, now: number): CardAction | null {
  const status = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now);
  if (role === 'teacher' || role === 'admin') return { kind: 'questions', label: i18n.t('schedule:actions.manage'), to: `/exam/${exam._id}/questions`, disabled: false };
  if (role === 'parent') return parentCardAction(exam.forChildren?.[0], cardWords());
  if (status === 'ongoing' || status === 'completed') return studentCardAction(exam, now, cardWords());
  return null;
}

function ScheduleItem({ exam, role, now }: { exam: Exam; role: Role; now: number }) {
  const { t } = useTranslation('schedule');
  const action = scheduleAction(exam, role, now);
  const titleId = `schedule-${exam._id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text fw={600} id={titleId}>
            {exam.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t('meta', { subject: enumLabel('subjects', exam.subject), grade: exam.grade })}
          </Text>
          <ExamStatusBadge schedule={exam.schedule} now={now} />
          <Text size="sm">
            {timeRange(exam.schedule.startDate, exam.schedule.endDate)} · {formatDuration(exam.duration)} · {t('questions', { count: exam.totalQuestions })} ·{' '}
            {t('points', { count: exam.totalMarks })}
          </Text>
        </Stack>
        {action &&
          (action.to && !action.disabled ? (
            <Button component={Link} to={action.to} size="sm">
              {action.label}
            </Button>
          ) : (
            <Button size="sm" disabled>
              {action.label}
            </Button>
          ))}
      </Group>
    </Card>
  );
}
