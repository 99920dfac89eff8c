import { useState } from 'react';

/**
 * The queue in the order it was first shown. Each decision re-sorts the server's answer (undecided
 * flags first), and a list that jumps under the reviewer's keys loses their place: `]` after
 * deciding one attempt would skip the one that moved ahead of it. Attempts that appear later join
 * at the end; a new `resetKey` (other filters) starts afresh from the server's order.
 */
export function useStableOrder<T>(items: readonly T[], idOf: (item: T) => string, resetKey: string): T[] {
  const [order, setOrder] = useState<{ key: string; ids: readonly string[] }>({ key: resetKey, ids: [] });
  let ids = order.key === resetKey ? order.ids : [];
  const known = new Set(ids);
  const added = items.map(idOf).filter((id) => !known.has(id));
  if (order.key !== resetKey || added.length) {
    ids = [...ids, ...added];
    setOrder({ key: resetKey, ids });
  }
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
