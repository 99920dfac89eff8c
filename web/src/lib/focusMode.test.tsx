import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isFocusMode, useFocusMode, useFocusModeOn } from './focusMode';

function Shell() {
  return <p>{useFocusModeOn() ? 'no header' : 'header'}</p>;
}
function Screen({ on }: { on: boolean }) {
  useFocusMode(on);
  return null;
}

describe('focus mode', () => {
  it('hides the shell while a screen asks, and shows it again when it stops or leaves', () => {
    const view = render(
      <>
        <Shell />
        <Screen on={false} />
      </>,
    );
    expect(screen.getByText('header')).toBeTruthy();
    view.rerender(
      <>
        <Shell />
        <Screen on />
      </>,
    );
    expect(screen.getByText('no header')).toBeTruthy();
    act(() => view.rerender(<Shell />));
    expect(screen.getByText('header')).toBeTruthy();
    expect(isFocusMode()).toBe(false);
  });
});
