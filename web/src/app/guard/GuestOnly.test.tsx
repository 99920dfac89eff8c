import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { routes } from '../router';
import { GuestOnly } from './GuestOnly';

const screens = [
  { path: '/login', element: <GuestOnly><p>Login screen</p></GuestOnly> },
  { path: '/register', element: <GuestOnly><p>Register screen</p></GuestOnly> },
  { path: '/dashboard', element: <p>Dashboard screen</p> },
];

describe('sign-in and registration screens for someone already signed in', () => {
  it.each(['/login', '/register'])('%s sends a signed-in person to their dashboard', async (path) => {
    mockApi(buildUser({ role: 'student' }));
    const { router } = renderApp(path, screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows them to a visitor', async () => {
    mockApi(null);
    renderApp('/login', screens);
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });

  it('guards /login and /register in the app’s route table', () => {
    const paths = JSON.stringify(routes, (key, value) => (key === 'element' && value?.type ? { type: value.type.name ?? String(value.type) } : value));
    expect(paths).toMatch(/"path":"login","element":\{"type":"GuestOnly"\}/);
    expect(paths).toMatch(/"path":"register","element":\{"type":"GuestOnly"\}/);
  });
});
