import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { CookiesPage } from './CookiesPage';
import { PrivacyPage } from './PrivacyPage';

describe('prose pages', { timeout: 20_000 }, () => {
  it('shows the English texts, with code marked as code', async () => {
    mockApi(null, []);
    renderApp('/cookies', [{ path: '/cookies', element: <CookiesPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The sign-in cookie' })).toBeTruthy();
    expect(screen.getByText('refresh_token').tagName).toBe('CODE');
    expect(screen.getByText('/api/auth').tagName).toBe('CODE');
  });

  it('shows every section in the language on screen', async () => {
    await changeLanguage('fr');
    mockApi(null, []);
    renderApp('/privacy', [{ path: '/privacy', element: <PrivacyPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Votre compte',
      'Examens et résultats',
      'Vérifications de surveillance sur votre appareil',
      'Messages et notifications',
      'Qui voit quoi',
      'Dans votre navigateur',
      'Vos choix',
    ]);
  });

  it('says what the proctoring checks look at, where they run, what is kept, for how long and who sees it', async () => {
    mockApi(null, []);
    renderApp('/privacy', [{ path: '/privacy', element: <PrivacyPage /> }]);
    const section = await screen.findByRole('region', { name: 'Proctoring checks on your device' });
    const text = section.textContent ?? '';
    expect(text).toContain('These checks run in your browser, on your own device.');
    expect(text).toContain('No video or audio is recorded');
    expect(text).toContain('one small picture (at most 60 KB)');
    expect(text).toContain('30 days unless an admin sets between 1 and 365 days');
    expect(text).toContain("Only the exam's teachers, the school's admins and you can open what is kept");
  });
});
