import { DIFFICULTIES, QUESTION_TYPES, addQuestionsSchema, type Question } from '@exam/shared';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { ListPagination } from '../../../components/ListPagination';
import { MathText } from '../../../components/MathText';
import { shortenMathText } from '../../../lib/shortenMathText';
import { SearchField } from '../../../components/SearchField';
import { enumLabel, translateMessage } from '../../../i18n/format';
import { useQuestionBank } from '../hooks';
import { pointsLabel } from '../labels';
import { EXAM_TEXT } from '../messages';

/** The bank's subject filter offers these five. */
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
  const { t } = useTranslation('exams');
  return (
    <Modal opened={opened} onClose={onClose} title={t('bank.title')} size="xl">
      {/* Mounted only while open, so every opening starts with no selection and no filters. */}
      {opened && <BankPicker onClose={onClose} {...rest} />}
    </Modal>
  );
}

function BankPicker({ onClose, onConfirm, excludeExamId, alreadyAdded = [], busy = false }: Omit<QuestionBankModalProps, 'opened'>) {
  const { t } = useTranslation('exams');
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
      const issue = check.error.issues[0]?.message;
      setProblem(issue ? translateMessage(issue) : null);
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
          label={t('filters.subject')}
          data={[{ value: '', label: t('filters.allSubjects') }, ...BANK_FILTER_SUBJECTS.map((s) => ({ value: s, label: enumLabel('subjects', s) }))]}
          value={filters.subject}
          onChange={(e) => setFilter('subject', e.currentTarget.value)}
        />
        <NativeSelect
          label={t('bank.type')}
          data={[{ value: '', label: t('bank.allTypes') }, ...QUESTION_TYPES.map((type) => ({ value: type, label: enumLabel('questionTypes', type) }))]}
          value={filters.type}
          onChange={(e) => setFilter('type', e.currentTarget.value)}
        />
        <NativeSelect
          label={t('filters.difficulty')}
          data={[{ value: '', label: t('filters.allDifficulties') }, ...DIFFICULTIES.map((d) => ({ value: d, label: enumLabel('difficulties', d) }))]}
          value={filters.difficulty}
          onChange={(e) => setFilter('difficulty', e.currentTarget.value)}
        />
        <SearchField label={t('common:actions.search')} value={filters.search} onSearch={(v) => setFilter('search', v)} />
      </SimpleGrid>

      {bank.isPending ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('bank.loading')} />
        </Group>
      ) : bank.isError ? (
        <Alert color="red">{errorMessage(bank.error)}</Alert>
      ) : questions.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {EXAM_TEXT.noBankMatches}
        </Text>
      ) : (
        <Stack gap="xs" role="group" aria-label={t('bank.listLabel')}>
          {questions.map((q) => {
            const already = added.has(q._id);
            return (
              <Group key={q._id} wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox
                  mt={4}
                  aria-label={t('bank.selectQuestion', { text: shortenMathText(q.text, 80).text })}
                  checked={already || selected.has(q._id)}
                  disabled={already}
                  onChange={() => toggle(q)}
                />
                <Stack gap={4} style={{ flex: 1 }}>
                  <MathText block text={shortenMathText(q.text).text} />
                  <Group gap="xs">
                    <Badge variant="light">{enumLabel('questionTypes', q.type)}</Badge>
                    <Badge variant="outline" color="gray">
                      {enumLabel('subjects', q.subject)}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {enumLabel('difficulties', q.difficulty)}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {pointsLabel(q.points)}
                    </Badge>
                    {already && (
                      <Text size="xs" c="dimmed">
                        {t('bank.alreadyAdded')}
                      </Text>
                    )}
                  </Group>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}

      <ListPagination total={bank.data?.totalPages ?? 0} page={page} onChange={setPage} label={t('bank.pages')} />

      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}

      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {t('bank.selected', { count: selected.size })}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={confirm} loading={busy}>
            {t('bank.addSelected')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
