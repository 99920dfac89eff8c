import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { LeaveGuard } from './LeaveGuard';

function open(attemptOpen: boolean) {
  mockApi(buildUser({ role: 'student' }), []);
  return renderApp('/exam/e1', [
    {
      path: '/exam/:examId',
      element: (
        <>
          <LeaveGuard attemptOpen={attemptOpen} />
          <p>The exam</p>
        </>
      ),
    },
    { path: '/exams', element: <p>Exam list</p> },
    { path: '/login', element: <p>Sign in</p> },
  ]);
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('LeaveGuard', () => {
  it('asks before Back or a link leaves an open exam, and stays when told to', async () => {
    const { router } = open(true);
    await screen.findByText('The exam');
    await act(() => router.navigate('/exams'));
    expect(await screen.findByRole('dialog', { name: 'Leave the exam?' })).toBeTruthy();
    expect(screen.getByText(/the timer keeps running/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay in the exam' }));
    expect(router.state.location.pathname).toBe('/exam/e1');
  });

  it('leaves when the student says so', async () => {
    const { router } = open(true);
    await screen.findByText('The exam');
    await act(() => router.navigate('/exams'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave the exam' }));
    expect(await screen.findByText('Exam list')).toBeTruthy();
  });

  it('lets the app’s own redirects through (the session ended)', async () => {
    const { router } = open(true);
    await screen.findByText('The exam');
    await act(() => router.navigate('/login', { replace: true }));
    expect(await screen.findByText('Sign in')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the browser ask before the tab is closed or reloaded, only while the attempt is open', async () => {
    const first = open(true);
    await screen.findByText('The exam');
    expect(unload()).toBe(true);
    first.unmount();
    expect(unload()).toBe(false);

    const { router } = open(false);
    await screen.findByText('The exam');
    expect(unload()).toBe(false);
    await act(() => router.navigate('/exams'));
    expect(await screen.findByText('Exam list')).toBeTruthy();
  });
});
