import { breakAckSchema, PROCTOR_EVENTS, type ProctorRow } from '@exam/shared';
import { useCallback, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { BoardAction } from './boardState';
import { studentName } from './rows';
import type { useProctorBoard } from './useProctorBoard';

export type BreakAction = 'grant' | 'refuse' | 'end';
const DONE: Record<BreakAction, string> = { grant: 'board.breakGranted', refuse: 'board.breakRefused', end: 'board.breakEnded' };

/**
 * A proctor's answer to a break request, or the end of a break (proctor:break). Stable, so the
 * memoised rows keep their callback; the acknowledged state shows on the row at once, before the
 * server's row arrives, and a refusal is said as the other actions say theirs. Resolves true when
 * the server did it.
 */
export function useBreakActions(
  call: ReturnType<typeof useProctorBoard>['call'],
  dispatch: Dispatch<BoardAction>,
  /** The student's row as it is now (read when asked, so it stays the same across updates). */
  rowOf: (studentKey: string) => ProctorRow | undefined,
  setBusy: (busy: boolean) => void,
) {
  const { t } = useTranslation('proctor');
  // A second click while the first is on its way waits for it, rather than earning an error.
  const sent = useRef(new Set<string>());
  return useCallback(
    async (studentKey: string, action: BreakAction): Promise<boolean> => {
      const row = rowOf(studentKey);
      if (!row?.attemptId || sent.current.has(studentKey)) return false;
      const attemptId = row.attemptId;
      sent.current.add(studentKey);
      setBusy(true);
      const ack = await call<Record<string, unknown>>(PROCTOR_EVENTS.break, { attemptId, action });
      sent.current.delete(studentKey);
      setBusy(false);
      if (!ack.ok) {
        notifyError(ack.message);
        return false;
      }
      const answer = breakAckSchema.safeParse(ack);
      if (answer.success) dispatch({ type: 'break', attemptId, break: answer.data.break });
      notifySuccess(t(DONE[action], { name: studentName(row) }));
      return true;
    },
    [call, dispatch, rowOf, setBusy, t],
  );
}
