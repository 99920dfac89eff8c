import { LTI_MSG, type LtiDeepLinkExam } from '@exam/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { LtiDeepLinkPage } from './LtiDeepLinkPage';

const exam = (over: Partial<LtiDeepLinkExam>): LtiDeepLinkExam => ({
  id: '0b6c7a52-3c1e-4f0e-9d55-1f9a3f0f8a11',
  title: 'Forces and motion',
  subject: 'physics',
  grade: 10,
  totalMarks: 6,
  startAt: '2026-12-01T09:00:00.000Z',
  isPublished: true,
  ...over,
});

const renderPicker = () => renderApp('/lti/deep-link', [{ path: '/lti/deep-link', element: <LtiDeepLinkPage /> }]);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('LtiDeepLinkPage', () => {
  it('lists the teacher’s exams and posts the signed answer for the one picked back to the LMS', async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    const second = exam({ id: '6f0f3f7e-2a54-4c59-8e0e-bb8f3f2b1c22', title: 'Waves', isPublished: false, totalMarks: 1 });
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/lti/deep-linking', () => ({ body: { success: true, data: { platformName: 'Moodle of Northfield', exams: [exam({}), second] } } })],
      ['POST', '/lti/deep-linking/response', () => ({ body: { success: true, data: { returnUrl: 'https://lms.example/deep-link-return', jwt: 'signed.jwt.value' } } })],
    ]);
    renderPicker();

    expect(await screen.findByText(/Pick the exam this Moodle of Northfield activity opens/)).toBeTruthy();
    const choices = screen.getAllByTestId('lti-exam-choice');
    expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Forces and motion'),
      expect.stringContaining('Waves'),
    ]);
    expect(choices[0]!.textContent).toContain('Physics · Grade 10 · 6 marks');
    expect(choices[1]!.textContent).toContain('Draft');
    expect(choices[1]!.textContent).toContain('1 mark');

    fireEvent.click(screen.getByRole('button', { name: 'Add Waves to the course' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(api.callsTo('POST', '/lti/deep-linking/response').map((c) => c.body)).toEqual([{ examId: second.id }]);
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://lms.example/deep-link-return');
    expect(new FormData(form).get('JWT')).toBe('signed.jwt.value');
    expect(screen.getByRole('status').textContent).toContain('Returning to your LMS');
  });

  it('says the picker expired with the server’s words', async () => {
    mockApi(buildUser({ role: 'teacher' }), [['GET', '/lti/deep-linking', () => ({ status: 404, body: { success: false, message: LTI_MSG.deepLinkingExpired } })]]);
    renderPicker();
    expect((await screen.findByTestId('lti-deep-link-error')).textContent).toBe(LTI_MSG.deepLinkingExpired);
  });

  it('lets a teacher go on in their own account, whose exams are then listed', async () => {
    let linked = false;
    const own = buildUser({ _id: 'u-own', role: 'teacher', firstName: 'Grace', lastName: 'Hopper' });
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/lti/deep-linking', () => ({ body: { success: true, data: { platformName: 'Canvas', exams: linked ? [exam({ title: 'Optics' })] : [] } } })],
      [
        'POST',
        '/lti/deep-linking/account',
        () => {
          linked = true;
          return { body: { success: true, data: { user: own, accessToken: 'own-token' } } };
        },
      ],
    ]);
    renderPicker();
    expect(await screen.findByText(/You have no exams to add yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@school.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'her-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use my exam platform account' }));
    expect(await screen.findByText('Optics')).toBeTruthy();
    expect(screen.getByText('Signed in as Grace Hopper: your exams are listed above.')).toBeTruthy();
    expect(api.callsTo('POST', '/lti/deep-linking/account').map((c) => c.body)).toEqual([{ email: 'grace@school.test', password: 'her-password' }]);
    expect(localStorage.getItem('token')).toBe('own-token');
  });

  it('tells a teacher without exams how to get one', async () => {
    mockApi(buildUser({ role: 'teacher' }), [['GET', '/lti/deep-linking', () => ({ body: { success: true, data: { platformName: 'Canvas', exams: [] } } })]]);
    renderPicker();
    expect(await screen.findByText(/You have no exams to add yet/)).toBeTruthy();
  });
});
