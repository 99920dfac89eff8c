import { DEFAULT_PLATFORM_SETTINGS } from '@exam/shared';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { getDatePrefs, setDatePrefs } from '../../../lib/dateFormat';
import { CreateExamPage } from './CreateExamPage';

const teacher = buildUser({ role: 'teacher', grade: null, section: null });
const change = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const zoneField = () => screen.getByLabelText(/^Time Zone/i) as HTMLSelectElement;

function openWizard(schoolZone: string, studentZones: { timezone: string; students: number }[] = []) {
  const api = mockApi(teacher, [
    ['GET', '/platform-settings', () => ({ body: { success: true, data: { settings: { ...DEFAULT_PLATFORM_SETTINGS, timezone: schoolZone } } } })],
    ['POST', '/exams/audience-zones', () => ({ body: { success: true, data: { zones: studentZones } } })],
  ]);
  renderApp('/create-exam', [{ path: '/create-exam', element: <CreateExamPage /> }]);
  return api;
}

// The exam form re-renders on every change, slow in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const viewerDefaults = { ...getDatePrefs() };
afterEach(() => setDatePrefs(viewerDefaults));

describe('the create-exam wizard’s schedule', { timeout: 30_000 }, () => {
  it('is in the school’s zone by default, not UTC', async () => {
    openWizard('Europe/Berlin');
    await waitFor(() => expect(zoneField().value).toBe('Europe/Berlin'));
  });

  it('shows the teacher their own local time under the schedule when their zone differs', async () => {
    setDatePrefs({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' });
    openWizard('Europe/Berlin');
    await waitFor(() => expect(zoneField().value).toBe('Europe/Berlin'));
    change(/^Start Date & Time/, '2027-01-15T09:00');
    expect((await screen.findByTestId('local-time-hint')).textContent).toBe('Your local time: 01/15/2027 3:00 AM EST');
    change(/^End Date & Time/, '2027-01-15T11:30');
    await waitFor(() => expect(screen.getByTestId('local-time-hint').textContent).toBe('Your local time: 01/15/2027 3:00 AM EST – 01/15/2027 5:30 AM EST'));
  });

  it('shows no local time when the teacher lives on the exam’s clock', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    openWizard('Europe/Berlin');
    await waitFor(() => expect(zoneField().value).toBe('Europe/Berlin'));
    change(/^Start Date & Time/, '2027-01-15T09:00');
    change(/^End Date & Time/, '2027-01-15T11:30');
    // The form has taken the times (the review would read them) and says nothing more.
    await waitFor(() => expect((screen.getByLabelText(/^End Date & Time/) as HTMLInputElement).value).toBe('2027-01-15T11:30'));
    expect(screen.queryByTestId('local-time-hint')).toBeNull();

    fireEvent.change(zoneField(), { target: { value: 'Asia/Tokyo' } });
    expect((await screen.findByTestId('local-time-hint')).textContent).toBe('Your local time: 15/01/2027 01:00 GMT+1 – 15/01/2027 03:30 GMT+1');
  });

  it('shows the start on the clocks of the grade’s students who live on another, most students first', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    const api = openWizard('Europe/Berlin', [
      { timezone: 'Europe/Berlin', students: 20 },
      { timezone: 'America/New_York', students: 2 },
      { timezone: 'EST', students: 1 },
      { timezone: 'Asia/Kolkata', students: 1 },
    ]);
    await waitFor(() => expect(zoneField().value).toBe('Europe/Berlin'));
    change(/^Start Date & Time/, '2027-01-15T09:00');
    expect(screen.queryByTestId('students-local-times')).toBeNull();
    change(/^Grade/, '10');
    const list = await screen.findByTestId('students-local-times');
    expect(list.textContent).toBe(
      // EST is New York's clock: one line for both names.
      'The start on your students\' clocks:15/01/2027 03:00 (America/New_York): 3 students15/01/2027 13:30 (Asia/Kolkata): 1 student',
    );
    expect(api.calls.find((c) => c.path === '/exams/audience-zones')?.body).toEqual({ grade: 10, eligibleStudents: [] });
  });

  it('says nothing of students’ clocks when they all share the exam’s', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    const api = openWizard('Europe/Berlin', [{ timezone: 'Europe/Berlin', students: 12 }]);
    await waitFor(() => expect(zoneField().value).toBe('Europe/Berlin'));
    change(/^Start Date & Time/, '2027-01-15T09:00');
    change(/^Grade/, '10');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/exams/audience-zones')).toBe(true));
    expect(screen.queryByTestId('students-local-times')).toBeNull();
  });
});
