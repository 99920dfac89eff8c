import type { Accommodation, StudentAccommodation } from '@exam/shared';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AccommodationForm } from './AccommodationForm';
import { useExamAccommodationChange, useExamAccommodations, useExamStudents } from './hooks';
import { accommodationSummary } from './summary';

/** Who the "Set for this exam" dialog is about: a row's student, or one still to pick. */
type Editing = { student: { id: string; name: string } | null; initial: Accommodation | null };

/**
 * The exam's accommodations, for its owner and admins: every student with one, what applies and
 * whether it is the exam's own or the student's standing one; an exam's own may be set for any of
 * its students, or dropped so the student's own applies again.
 */
export function ExamAccommodationsSection({ examId, examMinutes }: { examId: string; examMinutes: number }) {
  const { t } = useTranslation('accommodations');
  const headingId = useId();
  const list = useExamAccommodations(examId);
  const { remove } = useExamAccommodationChange(examId);
  const [editing, setEditing] = useState<Editing | null>(null);

  const restore = (row: StudentAccommodation) =>
    remove.mutate(row.studentId, {
      onSuccess: () => notifySuccess(t('exam.restored', { name: row.studentName })),
      onError: (e) => notifyError(errorMessage(e)),
    });

  return (
    <section aria-labelledby={headingId} data-testid="exam-accommodations">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('exam.title')}
        </Title>
        <Button variant="light" size="xs" onClick={() => setEditing({ student: null, initial: null })}>
          {t('exam.setForExam')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('exam.hint')}
      </Text>
      {list.isPending ? (
        <PageLoader label={t('exam.loading')} />
      ) : list.isError ? (
        <Alert color="red">{t('exam.loadFailed')}</Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('exam.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exam.student')}</Table.Th>
                <Table.Th>{t('exam.applies')}</Table.Th>
                <Table.Th>{t('exam.source')}</Table.Th>
                <Table.Th>{t('exam.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((row) => (
                <Table.Tr key={row.studentId} data-student={row.studentId}>
                  <Table.Td>{row.studentName}</Table.Td>
                  <Table.Td>{accommodationSummary(row.effective)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.exam ? 'violet' : 'gray'} style={{ textTransform: 'none' }}>
                      {row.exam ? t('exam.sourceExam') : t('exam.sourceStanding')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setEditing({ student: { id: row.studentId, name: row.studentName }, initial: row.effective })}
                        aria-label={t('exam.editOf', { name: row.studentName })}
                      >
                        {t('exam.setForExam')}
                      </Button>
                      {row.exam && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          loading={remove.isPending && remove.variables === row.studentId}
                          onClick={() => restore(row)}
                          aria-label={t('exam.backToOwnOf', { name: row.studentName })}
                        >
                          {t('exam.backToOwn')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ExamAccommodationDialog examId={examId} examMinutes={examMinutes} editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function ExamAccommodationDialog({ examId, examMinutes, editing, onClose }: { examId: string; examMinutes: number; editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation('accommodations');
  const fixed = editing?.student ?? null;
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  const students = useExamStudents(examId, editing !== null && fixed === null);
  const { save } = useExamAccommodationChange(examId);

  const close = () => {
    setPicked('');
    setPickError(null);
    onClose();
  };

  const submit = (accommodation: Accommodation) => {
    const student = fixed ?? students.data?.find((s) => s.id === picked) ?? null;
    if (!student) {
      setPickError(t('exam.pickStudentRequired'));
      return;
    }
    save.mutate(
      { studentId: student.id, accommodation },
      {
        onSuccess: () => {
          notifySuccess(t('exam.saved', { name: student.name }));
          close();
        },
        onError: (e) => notifyError(errorMessage(e)),
      },
    );
  };

  return (
    <Modal opened={editing !== null} onClose={close} title={fixed ? t('exam.dialogTitleOf', { name: fixed.name }) : t('exam.dialogTitle')} size="lg" centered>
      {editing && (
        <Stack>
          {!fixed &&
            (students.isPending ? (
              <PageLoader label={t('exam.loading')} />
            ) : students.isError ? (
              <Alert color="red">{t('exam.loadFailed')}</Alert>
            ) : students.data.length === 0 ? (
              <Text c="dimmed">{t('exam.noStudents')}</Text>
            ) : (
              <NativeSelect
                label={t('exam.pickStudent')}
                data={[{ value: '', label: t('exam.pickStudentPlaceholder') }, ...students.data.map((s) => ({ value: s.id, label: s.name }))]}
                value={picked}
                onChange={(e) => {
                  setPicked(e.currentTarget.value);
                  setPickError(null);
                }}
                error={pickError}
              />
            ))}
          <AccommodationForm initial={editing.initial} examMinutes={examMinutes} busy={save.isPending} onSubmit={submit} onCancel={close} />
        </Stack>
      )}
    </Modal>
  );
}
