import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DEBOUNCE_MS, useDraft } from './useDraft';

describe('typed answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits once after a pause in typing, not per keystroke', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useDraft(null, commit));
    act(() => result.current.setDraft('h'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 100));
    act(() => result.current.setDraft('hello'));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(commit).toHaveBeenCalledExactlyOnceWith('hello');
  });

  it('commits at once on blur and when the field goes away', () => {
    const commit = vi.fn();
    const { result, unmount } = renderHook(() => useDraft('a', commit));
    act(() => {
      result.current.onFocus();
      result.current.setDraft('ab');
      result.current.onBlur();
    });
    expect(commit).toHaveBeenLastCalledWith('ab');
    act(() => result.current.setDraft('abc'));
    unmount();
    expect(commit).toHaveBeenLastCalledWith('abc');
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('commits what was typed when the page is closed or hidden, without waiting for the pause', () => {
    const commit = vi.fn();
    const { result } = renderHook(() => useDraft(null, commit));
    act(() => result.current.setDraft('last words'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(commit).toHaveBeenCalledExactlyOnceWith('last words');

    act(() => result.current.setDraft('last words, and more'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(commit).toHaveBeenLastCalledWith('last words, and more');
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('takes an answer from the server unless the student is typing', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDraft(value, commit), { initialProps: { value: 'old' as string | null } });
    rerender({ value: 'from server' });
    expect(result.current.draft).toBe('from server');
    act(() => {
      result.current.onFocus();
      result.current.setDraft('typing');
    });
    rerender({ value: 'other device' });
    expect(result.current.draft).toBe('typing');
  });
});
