import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStableOrder } from './stableOrder';

const id = (s: string) => s;

describe('the review queue keeps its order under the reviewer’s keys', () => {
  it('does not move an attempt a decision re-sorted, adds new ones at the end, and starts afresh with other filters', () => {
    const { result, rerender } = renderHook(({ items, key }) => useStableOrder(items, id, key), { initialProps: { items: ['ada', 'ben', 'cleo'], key: 'all' } });
    expect(result.current).toEqual(['ada', 'ben', 'cleo']);
    // Ada's flag was confirmed: the server now puts Ben (still undecided) first.
    rerender({ items: ['ben', 'ada', 'cleo'], key: 'all' });
    expect(result.current).toEqual(['ada', 'ben', 'cleo']);
    rerender({ items: ['dan', 'ben', 'ada', 'cleo'], key: 'all' });
    expect(result.current).toEqual(['ada', 'ben', 'cleo', 'dan']);
    rerender({ items: ['ben', 'dan'], key: 'needs_review' });
    expect(result.current).toEqual(['ben', 'dan']);
  });
});
