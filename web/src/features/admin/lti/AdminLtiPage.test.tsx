import { LTI_MSG, LTI_SCOPES, type LtiPlatform, type LtiToolConfig } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { AdminLtiPage } from './AdminLtiPage';

const admin = buildUser({ role: 'admin', grade: null, section: null });
const base = 'https://exams.school.example/api/lti';
const config: LtiToolConfig = {
  title: 'Hill School',
  targetLinkUri: `${base}/launch`,
  loginUrl: `${base}/login`,
  redirectUrls: [`${base}/launch`],
  keysetUrl: `${base}/jwks`,
  deepLinkingUrl: `${base}/launch`,
  dynamicRegistrationUrl: `${base}/register`,
  canvasConfigUrl: `${base}/canvas.json`,
  scopes: Object.values(LTI_SCOPES),
};
const moodle: LtiPlatform = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'School Moodle',
  issuer: 'https://moodle.school.example',
  clientId: 'abc123',
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.school.example/mod/lti/auth.php',
  authTokenUrl: 'https://moodle.school.example/mod/lti/token.php',
  authTokenAudience: null,
  keysetUrl: 'https://moodle.school.example/mod/lti/certs.php',
  active: true,
  registeredBy: 'manual',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};
const canvas: LtiPlatform = {
  ...moodle,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000042',
  deploymentIds: [],
  registeredBy: 'dynamic',
};

const ok = (data: unknown, message?: string) => ({ body: { success: true, ...(message ? { message } : {}), data } });
const route = [{ path: '/admin/lti', element: <AdminLtiPage /> }];
const routes = (platforms: LtiPlatform[], more: Parameters<typeof mockApi>[1] = []) =>
  mockApi(admin, [['GET', '/lti/config', () => ok({ config })], ['GET', '/lti/platforms', () => ok({ platforms })], ...more]);

afterEach(() => vi.unstubAllGlobals());

// A full page in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('AdminLtiPage', { timeout: 30_000 }, () => {
  it('shows each value an LMS admin pastes with a button that copies it, and the platforms with how they were registered', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routes([moodle, canvas]);
    renderApp('/admin/lti', route);

    const values = await screen.findByRole('region', { name: 'Values to paste into your LMS' });
    expect(within(values).getByText(`${base}/login`)).toBeTruthy();
    fireEvent.click(within(values).getByRole('button', { name: 'Copy Public keyset URL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${base}/jwks`));
    expect(await within(values).findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(within(values).getByRole('button', { name: 'Copy Scopes' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(Object.values(LTI_SCOPES).join('\n')));

    const table = screen.getByRole('table', { name: 'LMS platforms' });
    const [moodleRow, canvasRow] = within(table).getAllByRole('row').slice(1);
    expect(within(moodleRow!).getByText('By hand')).toBeTruthy();
    expect(within(canvasRow!).getByText('Dynamic Registration')).toBeTruthy();
    expect(within(canvasRow!).getByText('None yet: edit to add the deployment ID')).toBeTruthy();
  });

  it('adds a platform, checking it with the server’s rules first', async () => {
    const api = routes([], [['POST', '/lti/platforms', ({ body }) => ({ status: 201, ...ok({ platform: { ...moodle, ...(body as object) } }, LTI_MSG.platformCreated) })]]);
    renderApp('/admin/lti', route);
    expect(await screen.findByText('No LMS platform is registered yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add platform' }));
    const form = await screen.findByRole('form', { name: 'Add an LMS platform' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add platform' }));
    expect(await within(form).findByText(LTI_MSG.platformDeploymentRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/lti/platforms')).toHaveLength(0);

    const field = (name: string) => within(form).queryByRole('textbox', { name }) ?? within(form).getByRole('combobox', { name });
    const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
    type('Name', 'School Moodle');
    type('Platform ID (issuer)', moodle.issuer);
    type('Client ID', moodle.clientId);
    // A tag is typed into the focused field (Mantine ignores a change it did not see typed) and kept with Enter.
    const deployments = field('Deployment IDs');
    deployments.focus();
    type('Deployment IDs', '1');
    fireEvent.keyDown(deployments, { key: 'Enter' });
    type('Authentication request URL', moodle.authLoginUrl);
    type('Access token URL', moodle.authTokenUrl);
    type('Public keyset URL', 'not a url');
    fireEvent.click(within(form).getByRole('button', { name: 'Add platform' }));
    expect(await within(form).findAllByText(LTI_MSG.platformUrlInvalid)).not.toHaveLength(0);

    type('Public keyset URL', moodle.keysetUrl);
    fireEvent.click(within(form).getByRole('button', { name: 'Add platform' }));
    await waitFor(() => expect(api.callsTo('POST', '/lti/platforms')).toHaveLength(1));
    expect(api.callsTo('POST', '/lti/platforms')[0]!.body).toEqual({
      name: 'School Moodle',
      issuer: moodle.issuer,
      clientId: moodle.clientId,
      deploymentIds: ['1'],
      authLoginUrl: moodle.authLoginUrl,
      authTokenUrl: moodle.authTokenUrl,
      authTokenAudience: null,
      keysetUrl: moodle.keysetUrl,
      active: true,
    });
    expect(await screen.findByText(LTI_MSG.platformCreated)).toBeTruthy();
  });

  it('says when the issuer and client id are already registered, beside the client ID', async () => {
    routes(
      [moodle],
      [['PUT', `/lti/platforms/${moodle.id}`, () => ({ status: 409, body: { success: false, message: LTI_MSG.platformExists, errors: [{ field: 'clientId', msg: LTI_MSG.platformExists }] } })]],
    );
    renderApp('/admin/lti', route);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit School Moodle' }));
    const form = await screen.findByRole('form', { name: 'Edit the LMS platform' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findAllByText(LTI_MSG.platformExists)).toHaveLength(2);
  });

  it('asks before deactivating or deleting a platform', async () => {
    const api = routes(
      [moodle],
      [
        ['PUT', `/lti/platforms/${moodle.id}`, ({ body }) => ok({ platform: { ...moodle, ...(body as object) } }, LTI_MSG.platformUpdated)],
        ['DELETE', `/lti/platforms/${moodle.id}`, () => ok(undefined, LTI_MSG.platformDeleted)],
      ],
    );
    renderApp('/admin/lti', route);

    fireEvent.click(await screen.findByRole('switch', { name: 'Deactivate School Moodle' }));
    const deactivate = await screen.findByRole('dialog', { name: 'Deactivate platform' });
    expect(within(deactivate).getByText(/Its launches are refused until you activate it again/)).toBeTruthy();
    expect(api.callsTo('PUT', `/lti/platforms/${moodle.id}`)).toHaveLength(0);
    fireEvent.click(within(deactivate).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo('PUT', `/lti/platforms/${moodle.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/lti/platforms/${moodle.id}`)[0]!.body).toMatchObject({ clientId: moodle.clientId, active: false });
    expect(await screen.findByText(LTI_MSG.platformUpdated)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete School Moodle' }));
    const remove = await screen.findByRole('dialog', { name: 'Delete platform' });
    expect(within(remove).getByText(/the grades waiting to be sent are deleted with it/)).toBeTruthy();
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(LTI_MSG.platformDeleted)).toBeTruthy();
    expect(api.callsTo('DELETE', `/lti/platforms/${moodle.id}`)).toHaveLength(1);
  });

  it('creates a one-time registration link to copy, and rotates the keys after a confirmation', async () => {
    const link = { url: `${base}/register?token=t0k3n`, expiresAt: '2026-12-04T11:00:00.000Z' };
    const api = routes(
      [],
      [
        ['POST', '/lti/registration-links', () => ({ status: 201, ...ok({ link }) })],
        ['POST', '/lti/keys/rotate', () => ok({ kid: 'k2' }, LTI_MSG.keysRotated)],
      ],
    );
    renderApp('/admin/lti', route);

    fireEvent.click(await screen.findByRole('button', { name: 'Create a registration link' }));
    expect(await screen.findByText(link.url)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Registration link' })).toBeTruthy();
    expect(screen.getByText(/^Valid once, until /)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing keys' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate keys' }));
    expect(await screen.findByText(LTI_MSG.keysRotated)).toBeTruthy();
    expect(api.callsTo('POST', '/lti/keys/rotate')).toHaveLength(1);
  });

  it('says when the settings could not be loaded, with a way to try again', async () => {
    mockApi(admin, [
      ['GET', '/lti/config', () => ok({ config })],
      ['GET', '/lti/platforms', () => ({ status: 500, body: { success: false, message: 'boom' } })],
    ]);
    renderApp('/admin/lti', route);
    expect(await screen.findByText('Could not load the LTI settings', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
