import { NO_ACCOMMODATION, accommodationView } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowView } from './rows';
import { proctorRowSchema } from './schemas';
import { StudentTable } from './StudentTable';
import { buildRow } from './testRows';

const NOW = Date.parse('2030-01-01T00:10:00.000Z');

function board(rows: unknown[]) {
  const views = rows.map((r) => rowView(proctorRowSchema.parse(r), NOW));
  render(
    <MantineProvider env="test">
      <StudentTable views={views} cameraEnabled={false} onAction={() => {}} />
    </MantineProvider>,
  );
}

const rowOf = (name: string) => screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === name)!;

describe('the proctor board’s accommodation badge', () => {
  it('shows the extra time on the row, with everything that applies in its tooltip and its name', async () => {
    const accommodation = accommodationView({ ...NO_ACCOMMODATION, timeMultiplier: 1.5, restBreakMinutes: 15, waivedChecks: ['face'], largerText: true });
    board([buildRow({ id: 's1', name: ['Asha', 'Rao'], accommodation }), buildRow({ id: 's2', name: ['Ben', 'Ode'], accommodation: null })]);
    const badge = within(rowOf('Asha Rao')).getByTestId('accommodation-badge');
    expect(badge.textContent).toBe('1.5× time');
    const words = 'Extra time 1.5×, Rest breaks 15 min, Waived: Face checks, Larger text';
    expect(badge.getAttribute('aria-label')).toBe(`Accommodations: ${words}`);
    fireEvent.mouseEnter(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe(words);
    expect(within(rowOf('Ben Ode')).queryByTestId('accommodation-badge')).toBeNull();
  });

  it('says “Accommodations” when no extra time is given, and nothing for a record that gives nothing', () => {
    board([
      buildRow({ id: 's1', name: ['Asha', 'Rao'], accommodation: accommodationView({ ...NO_ACCOMMODATION, reducedDistraction: true }) }),
      buildRow({ id: 's2', name: ['Ben', 'Ode'], accommodation: accommodationView(NO_ACCOMMODATION) }),
      // An older server sends no field at all.
      buildRow({ id: 's3', name: ['Cy', 'Lee'] }),
    ]);
    const badge = within(rowOf('Asha Rao')).getByTestId('accommodation-badge');
    expect(badge.textContent).toBe('Accommodations');
    expect(badge.getAttribute('aria-label')).toBe('Accommodations: Reduced distraction');
    expect(within(rowOf('Ben Ode')).queryByTestId('accommodation-badge')).toBeNull();
    expect(within(rowOf('Cy Lee')).queryByTestId('accommodation-badge')).toBeNull();
  });
});
