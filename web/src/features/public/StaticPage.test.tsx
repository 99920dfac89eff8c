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
      'Messages et notifications',
      'Qui voit quoi',
      'Dans votre navigateur',
      'Vos choix',
    ]);
  });
});
