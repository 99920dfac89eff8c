import type { MarkingComment } from '@exam/shared';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureReason } from '../../exams/messages';
import { CommentPicker } from './CommentPicker';
import { useCommentMutations } from './hooks';
import { insertText, type Selection } from './insertText';
import { SavedCommentsModal } from './SavedCommentsModal';

interface FeedbackWithCommentsProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  /** Lets a page open the picker from its own shortcut (`\`). */
  pickerOpened?: boolean;
  onPickerOpenedChange?: (opened: boolean) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** A feedback box with the teacher's comment bank: insert a saved comment, save this one, manage them. */
export function FeedbackWithComments({ label, value, onChange, testId, pickerOpened, onPickerOpenedChange, textareaRef }: FeedbackWithCommentsProps) {
  const { t } = useTranslation('grading');
  const [ownPicker, setOwnPicker] = useState(false);
  const [managing, setManaging] = useState(false);
  const opened = pickerOpened ?? ownPicker;
  const setOpened = onPickerOpenedChange ?? setOwnPicker;
  const box = useRef<HTMLTextAreaElement | null>(null);
  // Where the cursor was when the box last lost focus; null until the teacher has been in it.
  const selection = useRef<Selection | null>(null);
  const [cursorAfter, setCursorAfter] = useState<number | null>(null);
  const { create, use } = useCommentMutations();

  useEffect(() => {
    if (cursorAfter === null || opened || !box.current) return;
    box.current.focus();
    box.current.setSelectionRange(cursorAfter, cursorAfter);
    setCursorAfter(null);
  }, [cursorAfter, opened]);

  const setRefs = useMergedRef(box, textareaRef);

  const insert = (comment: MarkingComment) => {
    const next = insertText(value, comment.text, selection.current);
    onChange(next.value);
    selection.current = { start: next.cursor, end: next.cursor };
    setCursorAfter(next.cursor);
    setOpened(false);
    use.mutate(comment.id);
  };

  const saveAsComment = () =>
    create.mutate(value.trim(), {
      onSuccess: () => notifySuccess(t('comments.saved')),
      onError: (error) => notifyError(failureReason(error, t('comments.saveFailed'))),
    });

  return (
    <Stack gap={4}>
      <Textarea
        ref={setRefs}
        label={label}
        autosize
        minRows={2}
        maxLength={5000}
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={(e) => {
          selection.current = { start: e.currentTarget.selectionStart, end: e.currentTarget.selectionEnd };
        }}
      />
      <Group gap="xs">
        <Button size="compact-sm" variant="light" onClick={() => setOpened(true)}>
          {t('comments.insert')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={saveAsComment} disabled={!value.trim()} loading={create.isPending}>
          {t('comments.saveAs')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={() => setManaging(true)}>
          {t('comments.manage')}
        </Button>
      </Group>
      <CommentPicker opened={opened} onClose={() => setOpened(false)} onPick={insert} />
      <SavedCommentsModal opened={managing} onClose={() => setManaging(false)} />
    </Stack>
  );
}
