import { FEE_TARGET_KINDS, issueFeeSchema, type FeeTargetKind, type IssueFeeInput } from '@exam/shared';
import { Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/http';
import { translateMessage } from '../../i18n/format';
import { notifySuccess } from '../../lib/notify';
import { usersApi } from '../admin/users/api';
import { examsApi } from '../exams/api';
import { useIssueFee } from './hooks';

interface Values {
  title: string;
  amount: string;
  dueDate: string;
  kind: FeeTargetKind;
  studentIds: string[];
  grade: string;
  section: string;
  examId: string | null;
}

const EMPTY: Values = { title: '', amount: '', dueDate: '', kind: 'students', studentIds: [], grade: '', section: '', examId: null };

function toInput(v: Values): IssueFeeInput {
  const target =
    v.kind === 'students'
      ? { kind: 'students' as const, studentIds: v.studentIds }
      : v.kind === 'class'
        ? { kind: 'class' as const, grade: v.grade === '' ? Number.NaN : Number(v.grade), ...(v.section ? { section: v.section as 'A' } : {}) }
        : { kind: 'exam' as const, examId: v.examId ?? '' };
  return { title: v.title, amount: v.amount === '' ? Number.NaN : Number(v.amount), dueDate: v.dueDate, target };
}

/**
 * Admins issue a fee: a title, an amount in the school's currency, a due date, and who owes it:
 * chosen students, a class (a grade, or one section of it), or an exam's students. Checked with
 * the same schema the server uses.
 */
export function IssueFeeModal({ opened, currency, onClose }: { opened: boolean; currency: string; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const [v, setV] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [studentSearch, setStudentSearch] = useState('');
  const [examSearch, setExamSearch] = useState('');
  // Chosen students keep their names while the search shows others.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const issue = useIssueFee();

  const students = useQuery({
    queryKey: ['payments', 'fee-students', studentSearch],
    queryFn: () => usersApi.students({ search: studentSearch || undefined, status: 'active', limit: 20, page: 1 }),
    enabled: opened && v.kind === 'students',
    meta: { silent: true },
  });
  const exams = useQuery({
    queryKey: ['payments', 'fee-exams', examSearch],
    queryFn: () => examsApi.list({ search: examSearch || undefined, limit: 20, page: 1 }),
    enabled: opened && v.kind === 'exam',
    meta: { silent: true },
  });

  const studentOptions = new Map(Object.entries(chosen));
  for (const s of students.data?.students ?? []) studentOptions.set(s._id, `${s.firstName} ${s.lastName} (${s.email})`);
  const examOptions = (exams.data?.exams ?? []).map((e) => ({ value: e._id, label: e.title }));

  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((s) => ({ ...s, [k]: value }));
  const close = () => {
    setV(EMPTY);
    setProblems({});
    setChosen({});
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = issueFeeSchema.safeParse(toInput(v));
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((i) => [i.path.at(-1) === 'target' ? 'target' : String(i.path.at(-1)), translateMessage(i.message)])));
      return;
    }
    setProblems({});
    issue.mutate(toInput(v), {
      onSuccess: (res) => {
        notifySuccess(t('issue.issued', { count: res.assigned }));
        close();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors.length) setProblems(Object.fromEntries(err.errors.map((x) => [x.field.split('.').at(-1)!, translateMessage(x.msg)])));
        else setProblems({ target: translateMessage(errorMessage(err)) });
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('issue.title')} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={t('issue.title')}>
        <Stack>
          <TextInput label={t('issue.feeTitle')} required maxLength={200} value={v.title} onChange={(e) => set('title', e.currentTarget.value)} error={problems.title} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t('issue.amount', { currency })} required min={1} step={0.01} decimalScale={2} value={v.amount} onChange={(x) => set('amount', String(x))} error={problems.amount} />
            <TextInput type="date" label={t('issue.dueDate')} required value={v.dueDate} onChange={(e) => set('dueDate', e.currentTarget.value)} error={problems.dueDate} />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id="fee-target-label">
              {t('issue.to')}
            </Text>
            <SegmentedControl
              aria-labelledby="fee-target-label"
              value={v.kind}
              onChange={(k) => set('kind', k as FeeTargetKind)}
              data={FEE_TARGET_KINDS.map((k) => ({ value: k, label: t(`issue.kinds.${k}`) }))}
            />
          </div>
          {v.kind === 'students' && (
            <MultiSelect
              label={t('issue.students')}
              placeholder={t('issue.studentsPlaceholder')}
              searchable
              searchValue={studentSearch}
              onSearchChange={setStudentSearch}
              filter={({ options }) => options}
              data={[...studentOptions].map(([value, label]) => ({ value, label }))}
              value={v.studentIds}
              onChange={(ids) => {
                set('studentIds', ids);
                setChosen(Object.fromEntries(ids.map((id) => [id, studentOptions.get(id) ?? id])));
              }}
              error={problems.studentIds ?? problems.target}
            />
          )}
          {v.kind === 'class' && (
            <SimpleGrid cols={2}>
              <NumberInput label={t('issue.grade')} required min={1} max={12} allowDecimal={false} value={v.grade} onChange={(x) => set('grade', String(x))} error={problems.grade ?? problems.target} />
              <Select
                label={t('issue.section')}
                data={[{ value: '', label: t('issue.allSections') }, ...['A', 'B', 'C', 'D'].map((s) => ({ value: s, label: s }))]}
                value={v.section}
                onChange={(s) => set('section', s ?? '')}
                error={problems.section}
              />
            </SimpleGrid>
          )}
          {v.kind === 'exam' && (
            <Select
              label={t('issue.exam')}
              placeholder={t('issue.examPlaceholder')}
              required
              searchable
              searchValue={examSearch}
              onSearchChange={setExamSearch}
              filter={({ options }) => options}
              data={examOptions}
              value={v.examId}
              onChange={(id) => set('examId', id)}
              error={problems.examId ?? problems.target}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('issue.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending}>
              {t('issue.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
