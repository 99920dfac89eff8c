import { DEFAULT_PLATFORM_SETTINGS, MSG, SETTINGS_MSG } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { RegisterPage } from './RegisterPage';

function renderRegister() {
  return renderApp('/register', [
    { path: '/register', element: <RegisterPage /> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidStudent() {
  type('First Name', 'Asha');
  type('Last Name', 'Rao');
  type('Email', 'Asha@Example.com');
  type('Password', 'secret1');
  type('Confirm Password', 'secret1');
  fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'B' } });
  fireEvent.click(screen.getByLabelText(/I agree/));
}

type Registration = typeof DEFAULT_PLATFORM_SETTINGS.registration;

/** The school's public settings with the given registration rules. */
function settingsRoute(registration: Partial<Registration> = {}): [string, string, () => { body: unknown }] {
  const settings = { ...DEFAULT_PLATFORM_SETTINGS, registration: { ...DEFAULT_PLATFORM_SETTINGS.registration, ...registration } };
  return ['GET', '/platform-settings', () => ({ body: { success: true, data: { settings } } })];
}

// Generous: these fill the whole form in, on a shared, busy machine.
describe('RegisterPage', { timeout: 20_000 }, () => {
  it("shows 'Passwords do not match' first when several rules fail", async () => {
    const api = mockApi(null, [settingsRoute()]);
    renderRegister();

    // Mismatch, too short, names empty, student without grade or section: all at once.
    type('Password', 'abc');
    type('Confirm Password', 'xyz');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-error')).textContent).toBe(MSG.passwordsDoNotMatch);
    // Every failing rule is also shown under its own field.
    expect(screen.getByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.namesRequired)).toBeTruthy();
    expect(screen.getByText(MSG.studentFieldsRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('asks for subject and qualification only when the role is teacher', async () => {
    renderRegister();
    expect(screen.getByLabelText('Grade')).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'teacher' } });

    expect(await screen.findByLabelText('Subject')).toBeTruthy();
    expect(screen.getByLabelText('Qualification')).toBeTruthy();
    expect(screen.queryByLabelText('Grade')).toBeNull();
  });

  it('sends the payload without the confirmation and shows the success message', async () => {
    const api = mockApi(null, [
      settingsRoute(),
      ['POST', '/auth/register', () => ({ status: 201, body: { success: true, message: MSG.registered } })],
    ]);
    renderRegister();

    fillValidStudent();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-success')).textContent).toBe('Account created successfully! Please check your email for verification.');
    const body = api.callsTo('POST', '/auth/register')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Asha', email: 'asha@example.com', role: 'student', grade: 10, section: 'B' });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).not.toHaveProperty('acceptTerms');
    // The browser's zone and languages, so the account starts in them (else the school's).
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.languages).toEqual([...navigator.languages]);
  });

  it("shows the server's message and field errors when registration is refused", async () => {
    mockApi(null, [
      settingsRoute(),
      ['POST', '/auth/register', () => ({ status: 403, body: { success: false, message: 'Registration is closed', errors: [{ field: 'email', msg: 'Use your school address' }] } })],
    ]);
    renderRegister();

    fillValidStudent();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-error')).textContent).toBe('Registration is closed');
    await waitFor(() => expect(screen.getByText('Use your school address')).toBeTruthy());
  });

  it('never says an e-mail already has an account, neither at the top nor under the field: the same “check your e-mail” as a new one', async () => {
    mockApi(null, [
      settingsRoute(),
      // A server not yet upgraded still answers 409 for a taken address.
      ['POST', '/auth/register', () => ({ status: 409, body: { success: false, message: MSG.emailTaken, errors: [{ field: 'email', msg: MSG.emailTaken }] } })],
    ]);
    renderRegister();

    fillValidStudent();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-success')).textContent).toBe('Account created successfully! Please check your email for verification.');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(screen.queryByText(MSG.emailTaken)).toBeNull();
  });

  it('links the Terms and the Privacy Policy of the consent box, opening in a new tab so the form is kept', async () => {
    mockApi(null, [settingsRoute()]);
    renderRegister();
    const terms = await screen.findByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    // The box itself is still one labelled checkbox.
    expect(screen.getByLabelText(/I agree to the Terms of Service and Privacy Policy/)).toBeTruthy();
  });

  it('offers only the roles the school opened, starting on the first of them', async () => {
    mockApi(null, [settingsRoute({ roles: ['teacher', 'parent'], allowedDomains: ['hillside.edu'] })]);
    renderRegister();

    await screen.findByText('Join as a teacher or parent.');
    const roles = within(screen.getByLabelText('Role')).getAllByRole('option').map((o) => o.textContent);
    expect(roles).toEqual(['Teacher', 'Parent']);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('teacher');
    expect(screen.getByLabelText('Subject')).toBeTruthy();
    expect(screen.getByText('Use your school address (hillside.edu)')).toBeTruthy();
  });

  it("shows the closed message instead of the form when the school closed registration", async () => {
    const api = mockApi(null, [settingsRoute({ open: false })]);
    renderRegister();

    expect((await screen.findByTestId('registration-closed')).textContent).toBe(SETTINGS_MSG.registrationClosed);
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });
});
