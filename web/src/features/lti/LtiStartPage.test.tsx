import { LTI_MSG, type User } from '@exam/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { LtiStartPage } from './LtiStartPage';

const EXAM = '0b6c7a52-3c1e-4f0e-9d55-1f9a3f0f8a11';

function renderStart(path: string) {
  return renderApp(path, [
    { path: '/lti/start', element: <LtiStartPage /> },
    { path: '/exam/:examId', element: <p>Exam start page</p> },
    { path: '/admin/exams/:examId', element: <p>Exam details page</p> },
    { path: '/lti/deep-link', element: <p>Exam picker</p> },
  ]);
}

/** The server's answer to the ticket, and the signed-in user's /auth/me afterwards. */
function serverSigningIn(user: User, target: unknown) {
  return mockApi(null, [
    ['POST', '/lti/session', () => ({ body: { success: true, data: { user, accessToken: 'lti-token', target } } })],
    ['GET', '/auth/me', () => ({ body: { success: true, data: { user } } })],
  ]);
}

afterEach(() => localStorage.clear());

describe('LtiStartPage', () => {
  it('trades the ticket once, drops it from the address, and opens the exam’s start page for a student', async () => {
    const api = serverSigningIn(buildUser({ role: 'student' }), { kind: 'exam', examId: EXAM });
    const { router } = renderStart('/lti/start#ticket-from-launch-0123456789');
    expect(await screen.findByText('Exam start page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/exam/${EXAM}`);
    expect(api.callsTo('POST', '/lti/session').map((c) => c.body)).toEqual([{ ticket: 'ticket-from-launch-0123456789' }]);
    expect(localStorage.getItem('token')).toBe('lti-token');
    // Going back never finds the ticket in the address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the exam’s page for a teacher', async () => {
    serverSigningIn(buildUser({ role: 'teacher' }), { kind: 'exam', examId: EXAM });
    renderStart('/lti/start#teacher-ticket-0123456789');
    expect(await screen.findByText('Exam details page')).toBeTruthy();
  });

  it('opens the picker for a deep-linking launch', async () => {
    serverSigningIn(buildUser({ role: 'teacher' }), { kind: 'deepLinking' });
    renderStart('/lti/start#picker-ticket-0123456789');
    expect(await screen.findByText('Exam picker')).toBeTruthy();
  });

  it('says why when the ticket is refused, and signs nobody in', async () => {
    localStorage.setItem('token', 'someone-before');
    mockApi(null, [['POST', '/lti/session', () => ({ status: 400, body: { success: false, message: LTI_MSG.launchTicketInvalid } })]]);
    renderStart('/lti/start#spent-ticket-0123456789');
    expect((await screen.findByTestId('lti-start-error')).textContent).toContain(LTI_MSG.launchTicketInvalid);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a visit without a ticket, without calling the server', async () => {
    const api = mockApi(null, []);
    renderStart('/lti/start');
    expect((await screen.findByTestId('lti-start-error')).textContent).toContain('launch the exam platform from your LMS course');
    await waitFor(() => expect(api.callsTo('POST', '/lti/session')).toEqual([]));
  });
});
