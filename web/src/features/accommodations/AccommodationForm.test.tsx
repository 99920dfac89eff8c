import { NO_ACCOMMODATION, type Accommodation } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccommodationForm } from './AccommodationForm';

function renderForm(initial: Accommodation | null = null, examMinutes?: number) {
  const onSubmit = vi.fn();
  render(
    <MantineProvider env="test">
      <AccommodationForm initial={initial} examMinutes={examMinutes} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return onSubmit;
}

// A form with a dozen Mantine fields: the first render is slow on a busy machine.
describe('AccommodationForm', { timeout: 15_000 }, () => {
  it('sends what the teacher chose, every field found by its label', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Extra time'), { target: { value: '1.5' } });
    fireEvent.change(screen.getByLabelText('Rest break minutes'), { target: { value: '20' } });
    fireEvent.click(screen.getByLabelText('Breaks start without waiting for a proctor'));
    const waived = screen.getByRole('group', { name: /Waived checks/ });
    fireEvent.click(within(waived).getByLabelText('Face checks'));
    fireEvent.click(within(waived).getByLabelText('Tab switching'));
    fireEvent.click(screen.getByLabelText('Reduced distraction'));
    fireEvent.click(screen.getByLabelText('Larger text'));
    fireEvent.change(screen.getByLabelText('Staff note'), { target: { value: '  Report of 3 May  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      timeMultiplier: 1.5,
      restBreakMinutes: 20,
      breaksAutomatic: true,
      waivedChecks: ['face', 'tab-switch'],
      reducedDistraction: true,
      largerText: true,
      note: 'Report of 3 May',
    });
  });

  it('refuses rest breaks beyond 120 minutes with the catalogue’s words, sending nothing', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Rest break minutes'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Rest breaks are whole minutes from 0 to 120')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the extra time in minutes for the exam it is about, and starts from what is set', () => {
    renderForm({ ...NO_ACCOMMODATION, timeMultiplier: 2, largerText: true }, 60);
    const select = screen.getByLabelText('Extra time') as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect(within(select).getByRole('option', { name: '1.5× (90 min for a 60-min exam)' })).toBeTruthy();
    expect((screen.getByLabelText('Larger text') as HTMLInputElement).checked).toBe(true);
  });
});
