import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { HomePage } from './HomePage';

// A full page in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('HomePage', { timeout: 15_000 }, () => {
  it('speaks German to a visitor who chose German: hero, features, steps, figures, testimonials and tab title', async () => {
    await changeLanguage('de');
    mockApi(null);
    renderApp('/', [{ path: '/', element: <HomePage /> }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Online-Prüfungen für Schulen und Nachhilfe' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Kostenlos starten' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Demo ansehen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Was die Plattform leistet' })).toBeTruthy();
    expect(screen.getByText('Prüfungen mit Zeitlimit')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'So funktioniert es' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bereit für Ihre nächste Online-Prüfung?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kontakt aufnehmen' })).toBeTruthy();

    // The figures appear after their short delay, written the German way.
    const stats = await screen.findAllByTestId('marketing-stat', {}, { timeout: 3_000 });
    expect(stats.map((s) => s.textContent)).toEqual(['50.000+Schüler/innen', '500+Einrichtungen', '99,9\u00a0%Verfügbarkeit', '14 TageKostenlos testen']);
    expect(screen.getByRole('group', { name: 'Auf einen Blick' })).toBeTruthy();

    // Testimonials: German quotation marks, German labels for the dots.
    expect(within(screen.getByTestId('testimonial')).getByText(/^„Aufsätze landen in meiner Übersicht/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erfahrungsbericht 2 von 4 anzeigen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Das sagen unsere Nutzer' })).toBeTruthy();

    expect(document.title).toBe('Online-Prüfungen · ExamPortal');
    expect(document.body.textContent).not.toMatch(/Get Started|How it works|What people say|Online examinations/);
  });

  it('switches to German at once when the visitor picks it, without a reload', async () => {
    mockApi(null);
    renderApp('/', [{ path: '/', element: <HomePage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Online examinations for schools and tuition' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();

    await act(() => changeLanguage('de'));

    expect(screen.getByRole('heading', { level: 1, name: 'Online-Prüfungen für Schulen und Nachhilfe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'So funktioniert es' })).toBeTruthy();
    expect(screen.getByText('Läuft im Browser')).toBeTruthy();
    expect(document.title).toBe('Online-Prüfungen · ExamPortal');
    expect(document.body.textContent).not.toMatch(/Get Started|How it works|What people say|Watch Demo/);
  });
});
