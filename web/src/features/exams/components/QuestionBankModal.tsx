import { DIFFICULTIES, QUESTION_TYPES, addQuestionsSchema, previewText } from '@exam/shared';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/http';
import { ListPagination } from '../../../components/ListPagination';
import { MathText } from '../../../components/MathText';
import { SearchField } from '../../../components/SearchField';
import { titleCase } from '../../../lib/format';
import { useQuestionBank } from '../hooks';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS, pointsLabel } from '../labels';
import { EXAM_TEXT } from '../messages';
import type { Question } from '../types';

/** The bank's subject filter offers these five (spec core §2, Exam questions screen). */
export const BANK_FILTER_SUBJECTS = ['mathematics', 'science', 'english', 'history', 'geography'] as const;
const BANK_PAGE_SIZE = 10;

interface QuestionBankModalProps {
  opened: boolean;
  onClose: () => void;
  /** Picked questions; the modal stays open while the returned promise runs, and after it fails. */
  onConfirm: (questions: Question[]) => void | Promise<unknown>;
  /** Server-side exclusion: questions already in this exam are not offered. */
  excludeExamId?: string;
  /** Client-side: questions already picked elsewhere (the wizard), shown as already added. */
  alreadyAdded?: readonly string[];
  busy?: boolean;
}

/** The Add Questions modal over the teacher's question bank: filters, paging, multi-select. */
export function QuestionBankModal({ opened, onClose, ...rest }: QuestionBankModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Questions" size="xl">
      {/* Mounted only while open, so every opening starts with no selection and no filters. */}
      {opened && <BankPicker onClose={onClose} {...rest} />}
    </Modal>
  );
}

function BankPicker({ onClose, onConfirm, excludeExamId, alreadyAdded = [], busy = false }: Omit<QuestionBankModalProps, 'opened'>) {
  const [filters, setFilters] = useState({ subject: '', type: '', difficulty: '', search: '' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, Question>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);

  const bank = useQuestionBank({ ...filters, page, limit: BANK_PAGE_SIZE, excludeExam: excludeExamId }, true);

  const setFilter = (key: keyof typeof filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const toggle = (question: Question) => {
    setProblem(null);
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(question._id)) next.delete(question._id);
      else next.set(question._id, question);
      return next;
    });
  };

  const confirm = () => {
    const check = addQuestionsSchema.safeParse({ questionIds: [...selected.keys()] });
    if (!check.success) {
      setProblem(check.error.issues[0]?.message ?? null);
      return;
    }
    void onConfirm([...selected.values()]);
  };

  const questions = bank.data?.questions ?? [];
  const added = new Set(alreadyAdded);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <NativeSelect
          label="Subject"
          data={[{ value: '', label: 'All subjects' }, ...BANK_FILTER_SUBJECTS.map((s) => ({ value: s, label: titleCase(s) }))]}
          value={filters.subject}
          onChange={(e) => setFilter('subject', e.currentTarget.value)}
        />
        <NativeSelect
          label="Type"
          data={[{ value: '', label: 'All types' }, ...QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))]}
          value={filters.type}
          onChange={(e) => setFilter('type', e.currentTarget.value)}
        />
        <NativeSelect
          label="Difficulty"
          data={[{ value: '', label: 'All difficulties' }, ...DIFFICULTIES.map((d) => ({ value: d, label: DIFFICULTY_LABELS[d] }))]}
          value={filters.difficulty}
          onChange={(e) => setFilter('difficulty', e.currentTarget.value)}
        />
        <SearchField value={filters.search} onSearch={(v) => setFilter('search', v)} />
      </SimpleGrid>

      {bank.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label="Loading questions" />
        </Group>
      ) : bank.isError ? (
        <Alert color="red">{errorMessage(bank.error)}</Alert>
      ) : questions.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {EXAM_TEXT.noBankMatches}
        </Text>
      ) : (
        <Stack gap="xs" role="group" aria-label="Question bank">
          {questions.map((q) => {
            const already = added.has(q._id);
            return (
              <Group key={q._id} wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox
                  mt={4}
                  aria-label={`Select question: ${previewText(q.text, 80)}`}
                  checked={already || selected.has(q._id)}
                  disabled={already}
                  onChange={() => toggle(q)}
                />
                <Stack gap={4} style={{ flex: 1 }}>
                  <MathText block text={previewText(q.text)} />
                  <Group gap="xs">
                    <Badge variant="light">{QUESTION_TYPE_LABELS[q.type]}</Badge>
                    <Badge variant="outline" color="gray">
                      {titleCase(q.subject)}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {DIFFICULTY_LABELS[q.difficulty]}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {pointsLabel(q.points)}
                    </Badge>
                    {already && (
                      <Text size="xs" c="dimmed">
                        Already added
                      </Text>
                    )}
                  </Group>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}

      <ListPagination total={bank.data?.totalPages ?? 0} page={page} onChange={setPage} label="Question bank pages" />

      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}

      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {selected.size} selected
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={busy}>
            Add Selected
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
