import { SECTIONS, type ExamStaffMember, type ExamStaffUpdate, type HallStudent } from '@exam/shared';
import { Alert, Anchor, Badge, Box, Button, Chip, Group, Modal, MultiSelect, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { translateMessage } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../session/useAuth';
import { useExam } from '../exams/hooks';
import { useExamStaff, useHallStudents, usePutStaff, useRemoveStaff, useStaffCandidates } from './hooks';
import { managesStaff } from './StaffLink';

/** What a member is sent back as when one of their settings changes: the rest stays as it is. */
const updateOf = (m: ExamStaffMember, change: Partial<ExamStaffUpdate> = {}): ExamStaffUpdate => ({
  proctors: m.proctors,
  reviews: m.reviews,
  marks: m.marks,
  sections: m.sections,
  studentIds: m.studentIds,
  ...change,
});

const failed = (err: unknown) => notifyError(translateMessage(errorMessage(err)));

/**
 * /exam/{examId}/staff, "Proctors and reviewers" (issue 53): the exam's owner or an admin shares
 * its hall with other teachers, says who proctors and who reviews, and gives each a part of the
 * hall by section or by student. Every change is saved at once.
 */
export function ExamStaffPage() {
  const { examId = '' } = useParams();
  const { t } = useTranslation('staff');
  const { user } = useAuth();
  const exam = useExam(examId, { silent: true });
  const staff = useExamStaff(examId);
  const manages = !!exam.data && managesStaff(exam.data, user?.role);
  const forbidden = (staff.error instanceof ApiError && staff.error.status === 403) || (exam.data && !manages);
  const students = useHallStudents(examId, !!manages);

  const back = (
    <Button component={Link} to={`/admin/exams/${examId}`} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} w="fit-content">
      {t('page.backToExam')}
    </Button>
  );
  if (forbidden || exam.isError || staff.isError) {
    return (
      <Box py="lg">
        <Stack gap="md">
          {back}
          <Alert color={forbidden ? 'orange' : 'red'} role="alert" data-testid="staff-error">
            {forbidden ? t('page.forbidden') : t('page.loadFailed')}
          </Alert>
        </Stack>
      </Box>
    );
  }
  if (!exam.data || !staff.data) return <PageLoader label={t('page.loading')} />;

  return (
    <Box py="lg">
      <Stack gap="lg">
        {back}
        <div>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.subtitle', { title: exam.data.title })}</Text>
        </div>
        <Text size="sm">{t('page.intro')}</Text>
        <AddTeacher examId={examId} />
        {staff.data.length === 0 ? (
          <Text c="dimmed" data-testid="staff-empty">
            {t('page.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" aria-label={t('page.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {staff.data.map((m) => (
              <StaffMember key={m.userId} examId={examId} member={m} students={students.data ?? []} />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The searchable picker: teachers who may be added, by name or e-mail, as the owner types. */
function AddTeacher({ examId }: { examId: string }) {
  const { t } = useTranslation('staff');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = useStaffCandidates(examId, q, true);
  const put = usePutStaff(examId);
  const options = (candidates.data ?? []).map((c) => ({ value: c.userId, label: `${c.name} · ${c.email}` }));
  const chosenName = candidates.data?.find((c) => c.userId === chosen)?.name ?? '';

  const add = () => {
    if (!chosen) return;
    put.mutate(
      { userId: chosen, body: { proctors: true, reviews: true, marks: false, sections: [], studentIds: [] } },
      {
        onSuccess: (member) => {
          notifySuccess(t('add.added', { name: member.name || chosenName }));
          setChosen(null);
          setSearch('');
        },
        onError: failed,
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-staff-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-staff-title">
          {t('add.heading')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('add.label')}
            placeholder={t('add.placeholder')}
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            // The server already matched the search: every option it sent is shown.
            filter={({ options: all }) => all}
            data={options}
            value={chosen}
            onChange={setChosen}
            nothingFoundMessage={t('add.nothingFound')}
            style={{ flex: '1 1 20rem' }}
            data-testid="staff-picker"
          />
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={add} disabled={!chosen} loading={put.isPending}>
            {t('add.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One member: what they do (proctors, reviews, marks), their part of the hall, and removing them. */
function StaffMember({ examId, member, students }: { examId: string; member: ExamStaffMember; students: HallStudent[] }) {
  const { t } = useTranslation('staff');
  const put = usePutStaff(examId);
  const remove = useRemoveStaff(examId);
  const [confirming, setConfirming] = useState(false);
  const name = member.name;
  const save = (change: Partial<ExamStaffUpdate>) => put.mutate({ userId: member.userId, body: updateOf(member, change) }, { onError: failed });
  const studentOptions = useMemo(() => {
    const known = new Map(students.map((s) => [s.id, s.section ? `${s.name} · ${s.section}` : s.name]));
    // A student named in the part but no longer meant for the exam still shows, so it can be taken off.
    for (const id of member.studentIds) if (!known.has(id)) known.set(id, id);
    return [...known].map(([value, label]) => ({ value, label }));
  }, [students, member.studentIds]);
  const wholeHall = !member.sections.length && !member.studentIds.length;

  return (
    <Paper withBorder p="md" component="li" data-testid="staff-member" data-user={member.userId} aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={600}>{name}</Text>
            <Anchor href={`mailto:${member.email}`} size="sm">
              {member.email}
            </Anchor>
          </div>
          <Group gap="md">
            <Switch
              label={t('member.proctors')}
              aria-label={t('member.proctorsLabel', { name })}
              checked={member.proctors}
              // Nobody is on the staff for nothing: the last duty cannot be switched off here (remove them instead).
              disabled={member.proctors && !member.reviews && !member.marks}
              onChange={(e) => save({ proctors: e.currentTarget.checked })}
            />
            <Switch
              label={t('member.reviews')}
              aria-label={t('member.reviewsLabel', { name })}
              checked={member.reviews}
              disabled={member.reviews && !member.proctors && !member.marks}
              onChange={(e) => save({ reviews: e.currentTarget.checked })}
            />
            <Switch
              label={t('member.marks')}
              aria-label={t('member.marksLabel', { name })}
              checked={member.marks}
              disabled={member.marks && !member.proctors && !member.reviews}
              onChange={(e) => save({ marks: e.currentTarget.checked })}
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t('member.remove', { name })}
              onClick={() => setConfirming(true)}
            >
              {t('member.removeConfirm')}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" align="center" wrap="wrap">
          <Chip.Group multiple value={member.sections} onChange={(sections) => save({ sections: sections as ExamStaffUpdate['sections'] })}>
            <Group gap={6} role="group" aria-label={t('member.sectionsLabel', { name })}>
              {SECTIONS.map((s) => (
                <Chip key={s} value={s} size="sm">
                  {t('member.section', { section: s })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {wholeHall && (
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }} data-testid="whole-hall">
              {t('page.wholeHall')}
            </Badge>
          )}
        </Group>
        <MultiSelect
          label={t('member.studentsLabel', { name })}
          placeholder={t('member.studentsPlaceholder')}
          data={studentOptions}
          value={member.studentIds}
          onChange={(studentIds) => save({ studentIds })}
          searchable
          clearable
          limit={50}
          description={member.studentIds.length ? t('page.partOf', { count: member.studentIds.length }) : undefined}
        />
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('member.removeTitle', { name })} centered>
        <Stack>
          <Text>{t('member.removeMessage', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('member.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(member.userId, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifySuccess(t('member.removed', { name }));
                  },
                  onError: failed,
                })
              }
            >
              {t('member.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
