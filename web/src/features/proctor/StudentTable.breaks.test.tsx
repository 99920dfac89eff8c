import { NO_ACCOMMODATION, accommodationView, type BreakState } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HallTiles } from './HallTiles';
import { rowView } from './rows';
import { StudentTable } from './StudentTable';
import { buildRow } from './testRows';

const MIN = 60_000;
/** The server's clock; ours runs 30 s behind it. */
const NOW = Date.parse('2030-01-01T00:10:00.000Z');
const OFFSET = 30_000;
const iso = (ms: number) => new Date(ms).toISOString();

const accommodation = accommodationView({ ...NO_ACCOMMODATION, restBreakMinutes: 15 });
const onBreak: BreakState = { state: 'on-break', requestedAt: null, startedAt: iso(NOW - 2 * MIN), endsAt: iso(NOW + 4 * MIN + 12_000), usedMs: 10 * MIN, allowanceMs: 15 * MIN, automatic: false };
const tookBreaks: BreakState = { state: 'none', requestedAt: null, startedAt: null, endsAt: null, usedMs: 12 * MIN, allowanceMs: 15 * MIN, automatic: false };

const views = () => [
  rowView(buildRow({ id: 's1', name: ['Asha', 'Rao'], accommodation, break: onBreak }), NOW),
  rowView(buildRow({ id: 's2', name: ['Ben', 'Ode'], accommodation, break: tookBreaks }), NOW),
];
const rowOf = (name: string) => screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === name)!;

describe('a rest break on the proctor board’s rows and tiles', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW - OFFSET);
  });
  afterEach(() => vi.useRealTimers());

  it('counts a break down by the server clock each second, and shows the time paused and the break time left', async () => {
    render(
      <MantineProvider env="test">
        <StudentTable views={views()} cameraEnabled={false} clockOffset={OFFSET} onAction={() => {}} />
      </MantineProvider>,
    );
    const asha = rowOf('Asha Rao');
    expect(asha.dataset.break).toBe('on-break');
    expect(within(asha).getByTestId('row-on-break').textContent).toBe('On break · 4:12 left');
    act(() => vi.advanceTimersByTime(2000));
    expect(within(asha).getByTestId('row-on-break').textContent).toBe('On break · 4:10 left');
    // 10 min in earlier breaks and 2 in this one.
    expect(within(asha).getByTestId('row-paused').textContent).toBe('Paused 12 min');
    expect(within(asha).getByRole('button', { name: 'End break for Asha Rao' })).toBeTruthy();

    const ben = rowOf('Ben Ode');
    expect(ben.dataset.break).toBe('none');
    expect(within(ben).queryByTestId('row-on-break')).toBeNull();
    expect(within(ben).getByTestId('row-paused').textContent).toBe('Paused 12 min');
    const badge = within(ben).getByTestId('accommodation-badge');
    expect(badge.getAttribute('aria-label')).toBe('Accommodations: Rest breaks 15 min, 3 min of breaks left');
    fireEvent.mouseEnter(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Rest breaks 15 min, 3 min of breaks left');
  });

  it('marks the tile of a student on a break with its countdown, and of one asking for a break in words', () => {
    const asking: BreakState = { ...tookBreaks, state: 'requested', requestedAt: iso(NOW - 5000), usedMs: 0 };
    const tiles = [...views(), rowView(buildRow({ id: 's3', name: ['Cy', 'Lee'], accommodation, break: asking }), NOW)];
    render(
      <MantineProvider env="test">
        <HallTiles views={tiles} clockOffset={OFFSET} onAction={() => {}} />
      </MantineProvider>,
    );
    const tileOf = (name: string) => screen.getAllByTestId('hall-tile').find((t) => t.dataset.student === name)!;
    expect(within(tileOf('Asha Rao')).getByTestId('tile-break').textContent).toBe('4:12');
    expect(within(tileOf('Asha Rao')).getByRole('button').getAttribute('aria-label')).toContain('On break, Paused 12 min');
    expect(tileOf('Cy Lee').dataset.break).toBe('requested');
    expect(within(tileOf('Cy Lee')).getByTestId('tile-break').textContent).toBe('Asks for a break');
    expect(within(tileOf('Cy Lee')).getByRole('button').getAttribute('aria-label')).toContain('Asks for a break');
    expect(within(tileOf('Ben Ode')).queryByTestId('tile-break')).toBeNull();
  });
});
