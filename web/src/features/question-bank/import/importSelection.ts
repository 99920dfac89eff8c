import type { ImportPreviewItem } from '@exam/shared';

/** Items that can come in: every ok and warning item, never an error. */
export const importable = (items: readonly ImportPreviewItem[]) => items.filter((item) => item.status !== 'error');

/** By default every item that can come in is chosen. */
export const defaultPick = (items: readonly ImportPreviewItem[]) => new Set(importable(items).map((item) => item.index));

/** The chosen indexes the real run sends, in file order, leaving out any error item. */
export function chosenIndexes(items: readonly ImportPreviewItem[], picked: ReadonlySet<number>): number[] {
  return importable(items)
    .map((item) => item.index)
    .filter((index) => picked.has(index));
}

export function statusCounts(items: readonly ImportPreviewItem[]) {
  const counts = { ok: 0, warning: 0, error: 0 };
  for (const item of items) counts[item.status] += 1;
  return counts;
}
