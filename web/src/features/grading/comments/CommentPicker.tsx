import type { MarkingComment } from '@exam/shared';
import { Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useMarkingComments } from './hooks';

interface CommentPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (comment: MarkingComment) => void;
}

/** Most used first, then the most recently used: the comments a teacher reaches for sit on top. */
export function rankComments(comments: MarkingComment[], filter: string): MarkingComment[] {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return comments
    .filter((c) => words.every((w) => c.text.toLowerCase().includes(w)))
    .sort((a, b) => b.useCount - a.useCount || (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || a.text.localeCompare(b.text));
}

/** The comment bank's picker: type to filter, ↑↓ to choose, Enter to insert, Esc to close. */
export function CommentPicker({ opened, onClose, onPick }: CommentPickerProps) {
  const { t } = useTranslation('grading');
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const comments = useMarkingComments(opened);
  const shown = useMemo(() => rankComments(comments.data ?? [], filter), [comments.data, filter]);
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const close = () => {
    setFilter('');
    setActive(0);
    onClose();
  };
  const pick = (c: MarkingComment | undefined) => {
    if (!c) return;
    setFilter('');
    setActive(0);
    onPick(c);
  };

  return (
    <Modal opened={opened} onClose={close} title={t('comments.pickerTitle')} returnFocus={false}>
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('comments.filter')}
          data-testid="comment-bank-filter"
          value={filter}
          // Only while the list is there: naming a missing element is a serious axe fault.
          aria-controls={shown.length ? 'comment-bank-options' : undefined}
          aria-activedescendant={shown[current] ? `comment-option-${shown[current].id}` : undefined}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive(Math.min(current + 1, shown.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(Math.max(current - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(shown[current]);
            }
          }}
        />
        {comments.isError ? (
          <LoadError message={t('comments.loadFailed')} onRetry={() => void comments.refetch()} />
        ) : comments.isPending ? (
          <Text c="dimmed">{t('comments.loading')}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{comments.data.length ? t('comments.noMatch') : t('comments.none')}</Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap={4} role="listbox" id="comment-bank-options" aria-label={t('comments.pickerTitle')}>
              {shown.map((c, i) => (
                <UnstyledButton
                  key={c.id}
                  id={`comment-option-${c.id}`}
                  role="option"
                  aria-selected={i === current}
                  tabIndex={-1}
                  p="xs"
                  bg={i === current ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ borderRadius: 4, whiteSpace: 'pre-wrap' }}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(c)}
                >
                  {c.text}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Text size="xs" c="dimmed">
          {t('comments.pickerHelp')}
        </Text>
      </Stack>
    </Modal>
  );
}
