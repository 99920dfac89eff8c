import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { isBlockedKey, pageEvents } from './pageEvents';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('blocked keys', () => {
  it('blocks F12, Ctrl+Shift+I and Ctrl+U (and their Mac forms), not ordinary typing', () => {
    expect(isBlockedKey(key('F12'))).toBe(true);
    expect(isBlockedKey(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isBlockedKey(key('i', { metaKey: true, altKey: true }))).toBe(true);
    expect(isBlockedKey(key('u', { ctrlKey: true }))).toBe(true);
    expect(isBlockedKey(key('i', { shiftKey: true }))).toBe(false);
    expect(isBlockedKey(key('c', { ctrlKey: true }))).toBe(false);
  });
});

describe('page events', () => {
  const proctoring = { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true };

  function watch(p = proctoring) {
    const seen: { type: string; violationType?: string }[] = [];
    const parent = createMachine({
      invoke: { src: 'page', input: { proctoring: p } },
      on: { '*': { actions: ({ event }) => void seen.push(event as { type: string }) } },
    }).provide({ actors: { page: pageEvents } });
    const actor = createActor(parent).start();
    return { seen, stop: () => actor.stop() };
  }

  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('reports leaving the tab and a right-click, and asks for a re-sync when the tab is back', () => {
    const { seen, stop } = watch();
    setVisibility('hidden');
    setVisibility('visible');
    const menu = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    document.body.dispatchEvent(menu);
    stop();
    expect(seen.map((e) => e.violationType ?? e.type)).toEqual(['tab-switch', 'page.visible', 'right-click']);
    expect(menu.defaultPrevented).toBe(true);
  });

  it('does not count the page being left or reloaded as a tab switch', () => {
    const { seen, stop } = watch();
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    stop();
    setVisibility('visible');
    expect(seen).toEqual([]);
  });

  it('counts leaving the tab again once the student chose to stay when asked before leaving', async () => {
    const { seen, stop } = watch();
    window.dispatchEvent(new Event('beforeunload'));
    // The browser's question answered "stay": the page's timers run again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    setVisibility('hidden');
    setVisibility('visible');
    stop();
    expect(seen.map((e) => e.violationType ?? e.type)).toEqual(['tab-switch', 'page.visible']);
  });

  it('reports nothing but the re-sync when proctoring is off', () => {
    const { seen, stop } = watch({ ...proctoring, enabled: false });
    setVisibility('hidden');
    setVisibility('visible');
    document.body.dispatchEvent(new MouseEvent('contextmenu', { cancelable: true, bubbles: true }));
    stop();
    expect(seen.map((e) => e.type)).toEqual(['page.visible']);
  });
});
