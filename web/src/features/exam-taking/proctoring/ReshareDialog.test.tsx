import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReshareDialog } from './ReshareDialog';
import { screenShare } from './screenShare';

function fakeStream(surface: string) {
  const track = Object.assign(new EventTarget(), { kind: 'video', readyState: 'live', stop: vi.fn(), getSettings: () => ({ displaySurface: surface }) });
  return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
}

function shareGives(surface: string) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getDisplayMedia: async () => fakeStream(surface) } });
}

const show = () =>
  render(
    <MantineProvider env="test">
      <ReshareDialog opened />
    </MantineProvider>,
  );

afterEach(() => screenShare.stop());

describe('the Share your screen again dialog', () => {
  it('blocks the exam until the whole screen is shared again, which the checks are given', async () => {
    shareGives('monitor');
    const shared = vi.fn();
    const unsubscribe = screenShare.subscribe(shared);
    show();
    const dialog = screen.getByRole('dialog', { name: 'Share your screen again' });
    expect(dialog.textContent).toContain('Your proctor has been told.');
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Share your whole screen' }));
    await waitFor(() => expect(shared).toHaveBeenCalledTimes(1));
    expect(screenShare.get()).not.toBeNull();
    unsubscribe();
  });

  it('refuses a window and says to choose the entire screen', async () => {
    shareGives('window');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Share your whole screen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only a window or a tab was shared. Select Share your whole screen and choose your entire screen.');
    expect(screenShare.get()).toBeNull();
  });
});
