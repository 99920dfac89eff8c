import { DEFAULT_PLATFORM_SETTINGS, EXAM_MSG, PROFILE_DEFAULTS } from '@exam/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { CreateExamPage } from './CreateExamPage';

const teacher = buildUser({ role: 'teacher', grade: null, section: null });

/** A UTC wall time `hours` from now, as a datetime-local input holds it. */
function wallIn(hours: number): string {
  return new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 16);
}

const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderWizard() {
  return renderApp('/create-exam', [
    { path: '/create-exam', element: <CreateExamPage /> },
    { path: '/exams', element: <p>Exams screen</p> },
  ]);
}

/** Fills the first step; returns the start it entered (the clock may pass a minute before a test reads it). */
function fillDetails(): string {
  const start = wallIn(24);
  change(/^Title/, 'Algebra mid-term');
  change(/^Description/, 'Linear equations and inequalities');
  change(/^Subject/, 'mathematics');
  change(/^Grade/, '10');
  change(/^Start Date & Time/, start);
  change(/^End Date & Time/, wallIn(27));
  return start;
}

function writeMultipleChoice() {
  change('Question Text', 'What is 7 multiplied by 6?');
  change('Option 1', '42');
  change('Option 2', '36');
  change('Correct Answer', '42');
  click('Add Question');
}

// The whole exam form re-renders on every change, which jsdom makes slow on a busy machine:
// waits and tests get more room than the defaults (1 s and 5 s) so they fail only when broken.
configure({ asyncUtilTimeout: 5000 });

describe('CreateExamPage', { timeout: 30_000 }, () => {
  it('keeps the teacher on Exam Details until the details pass the shared rules', async () => {
    mockApi(teacher);
    renderWizard();
    await screen.findByLabelText(/^Title/);

    click('Next');
    expect(await screen.findByText(EXAM_MSG.titleTooShort)).toBeTruthy();
    expect(screen.getByText(EXAM_MSG.descriptionTooShort)).toBeTruthy();
    expect(screen.getByText(EXAM_MSG.startRequired)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'New Question' })).toBeNull();

    fillDetails();
    change(/^End Date & Time/, wallIn(23));
    click('Next');
    expect(await screen.findByText(EXAM_MSG.endBeforeStart)).toBeTruthy();

    change(/^End Date & Time/, wallIn(27));
    click('Next');
    expect(await screen.findByRole('group', { name: 'New Question' })).toBeTruthy();
  });

  it("refuses to submit without a question: 'Please add at least one question'", async () => {
    const api = mockApi(teacher);
    renderWizard();
    await screen.findByLabelText(/^Title/);
    fillDetails();
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });
    click('Next');
    click('Create Exam');
    expect((await screen.findByTestId('step-error')).textContent).toBe(EXAM_MSG.atLeastOneQuestion);
    expect(api.callsTo('POST', '/exams')).toHaveLength(0);
  });

  it('checks a question before adding it and keeps at least two options', async () => {
    mockApi(teacher);
    renderWizard();
    await screen.findByLabelText(/^Title/);
    fillDetails();
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });

    change('Question Text', 'What is 7 multiplied by 6?');
    change('Option 1', '42');
    change('Option 2', '36');
    click('Add Question');
    expect(await screen.findByText(EXAM_MSG.invalidCorrectAnswer)).toBeTruthy();

    // Four blank options at first; removing stops at two.
    click('Remove option 4');
    click('Remove option 3');
    expect(screen.queryByLabelText('Option 3')).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove option 2' }) as HTMLButtonElement).disabled).toBe(true);

    // Only the filled-in options are offered as the correct answer.
    const choices = within(screen.getByLabelText('Correct Answer')).getAllByRole('option').map((o) => o.textContent);
    expect(choices).toEqual(['Select correct answer', '42', '36']);
  });

  it("starts a new exam from the school's defaults and sends them with it", async () => {
    const profile = { ...PROFILE_DEFAULTS, faceChecks: { ...PROFILE_DEFAULTS.faceChecks, enabled: true }, screenShare: { required: true } };
    const examDefaults = { duration: 45, passingMarks: 70, proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0, profile } };
    const api = mockApi(teacher, [
      ['GET', '/platform-settings', () => ({ body: { success: true, data: { settings: { ...DEFAULT_PLATFORM_SETTINGS, examDefaults } } } })],
      ['POST', '/exams', () => ({ status: 201, body: { success: true, data: { exam: { _id: 'e1' } } } })],
    ]);
    renderWizard();
    await waitFor(() => expect((screen.getByLabelText(/^Duration/) as HTMLInputElement).value).toBe('45'));
    expect((screen.getByLabelText(/^Passing Marks/) as HTMLInputElement).value).toBe('70');
    fireEvent.click(screen.getByLabelText('Enable proctoring'));
    expect((screen.getByLabelText('Tab switches allowed before auto-submit') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Fullscreen exits allowed before auto-submit') as HTMLInputElement).value).toBe('0');

    fillDetails();
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });
    writeMultipleChoice();
    click('Next');
    expect(await screen.findByText('Tab switches allowed before auto-submit')).toBeTruthy();
    // The review names the school's device checks the exam starts with.
    expect(screen.getByText('Face checks (camera required), Screen share required (the whole screen)')).toBeTruthy();
    click('Create Exam');
    expect(await screen.findByText('Exams screen')).toBeTruthy();
    expect(api.callsTo('POST', '/exams')[0]!.body).toMatchObject({
      duration: 45,
      passingMarks: 70,
      settings: { proctoring: { enabled: true, tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0, faceChecks: { enabled: true }, screenShare: { required: true } } },
    });
  });

  it('creates the exam and its questions in one call, then goes to /exams', async () => {
    const api = mockApi(teacher, [['POST', '/exams', () => ({ status: 201, body: { success: true, data: { exam: { _id: 'e1' } } } })]]);
    const { router } = renderWizard();
    await screen.findByLabelText(/^Title/);
    const start = fillDetails();
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });
    writeMultipleChoice();
    change('Question Type', 'true-false');
    change('Question Text', 'The square root of 81 is 9.');
    change('Correct Answer', 'True');
    click('Add Question');
    expect(await screen.findByRole('article', { name: 'Question 2' })).toBeTruthy();
    click('Next');
    click('Create Exam');

    expect(await screen.findByText('Exams screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/exams');
    const [call] = api.callsTo('POST', '/exams');
    expect(call!.body).toMatchObject({
      title: 'Algebra mid-term',
      grade: '10',
      isPublished: false,
      questionIds: [],
      schedule: { timezone: 'UTC', startDate: `${start}:00.000Z` },
      questions: [
        { type: 'multiple-choice', subject: 'mathematics', options: ['42', '36', '', ''], correctAnswer: '42', points: 1 },
        { type: 'true-false', options: ['True', 'False'], correctAnswer: 'True' },
      ],
    });
  });

  it('names the failed field of the failed question and returns to its step', async () => {
    mockApi(teacher, [
      [
        'POST',
        '/exams',
        () => ({
          status: 400,
          body: { success: false, message: EXAM_MSG.invalidCorrectAnswer, errors: [{ field: 'questions.0.correctAnswer', msg: EXAM_MSG.invalidCorrectAnswer }] },
        }),
      ],
    ]);
    renderWizard();
    await screen.findByLabelText(/^Title/);
    fillDetails();
    click('Next');
    await screen.findByRole('group', { name: 'New Question' });
    writeMultipleChoice();
    click('Next');
    click('Create Exam');

    const alert = await screen.findByTestId('create-error');
    expect(alert.textContent).toContain('Validation errors:');
    expect(alert.textContent).toContain(`Question 1 – Correct Answer: ${EXAM_MSG.invalidCorrectAnswer}`);
    // Back on the Questions step, with the message next to the question.
    expect(await screen.findByRole('group', { name: 'New Question' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Question 1' })).getByText(EXAM_MSG.invalidCorrectAnswer)).toBeTruthy();
  });
});
