import { inHallPart, type HallPart, type ProctorRow } from '@exam/shared';
import { useCallback, useState } from 'react';
import { broadcastIdOf, type FeedItem } from './boardState';

/**
 * A shared hall (issue 53): a proctor given a part of it (sections, students) sees that part by
 * default and the whole hall on demand. The choice is remembered per exam on this device.
 */
export type HallScope = 'part' | 'all';

const storageKey = (examId: string) => `proctor.hallScope.${examId}`;

function storedScope(examId: string): HallScope {
  try {
    return localStorage.getItem(storageKey(examId)) === 'all' ? 'all' : 'part';
  } catch {
    return 'part';
  }
}

/** The remembered choice for this exam ('part' until the proctor picks the whole hall). */
export function useHallScope(examId: string): [HallScope, (scope: HallScope) => void] {
  const [scope, setScope] = useState<HallScope>(() => storedScope(examId));
  const choose = useCallback(
    (next: HallScope) => {
      setScope(next);
      try {
        localStorage.setItem(storageKey(examId), next);
      } catch {
        /* private mode: the choice lasts as long as the page */
      }
    },
    [examId],
  );
  return [scope, choose];
}

/** The rows shown: the viewer's part when they have one and chose it, else every row. */
export function rowsInScope(rows: ProctorRow[], part: HallPart | null, scope: HallScope): ProctorRow[] {
  if (!part || scope === 'all') return rows;
  return rows.filter((r) => inHallPart(part, { id: r.student._id, section: r.section }));
}

/** The feed follows the rows shown; a message to every student concerns every part. */
export function feedInScope(items: FeedItem[], shown: ProctorRow[] | null): FeedItem[] {
  if (!shown) return items;
  const ids = new Set(shown.map((r) => r.student._id));
  return items.filter((e) => ids.has(e.studentId) || broadcastIdOf(e.detail) !== null);
}
