import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { ExamCard } from '../components/ExamCard';
import { buildExam } from '../test/buildExam';
import { CreateExamPage } from './CreateExamPage';

// The exam form is slow to render in jsdom on a busy machine (see CreateExamPage.test.tsx).
configure({ asyncUtilTimeout: 5000 });

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

describe('exam screens in German', { timeout: 30_000 }, () => {
  it("shows the wizard's first step, its options and its validation in German", async () => {
    await changeLanguage('de');
    mockApi(buildUser({ role: 'teacher', grade: null, section: null }));
    renderApp('/create-exam', [{ path: '/create-exam', element: <CreateExamPage /> }]);

    expect(await screen.findByRole('heading', { name: 'Prüfung erstellen' })).toBeTruthy();
    const steps = [...document.querySelectorAll('.mantine-Stepper-stepLabel')].map((el) => el.textContent);
    expect(steps).toEqual(['Angaben zur Prüfung', 'Fragen', 'Prüfen und erstellen']);
    expect(screen.getByRole('group', { name: 'Angaben zur Prüfung' })).toBeTruthy();
    expect(screen.getByLabelText(/^Titel/)).toBeTruthy();
    expect(screen.getByLabelText(/^Dauer \(Minuten\)/)).toBeTruthy();
    expect(optionTexts(screen.getByLabelText(/^Fach/))).toContain('Mathematik');
    expect(optionTexts(screen.getByLabelText(/^Klassenstufe/))).toEqual(expect.arrayContaining(['Klassenstufe auswählen', 'Klassenstufe 10']));
    expect(optionTexts(screen.getByLabelText(/^Prüfungsart/))).toEqual(['Übung', 'Leistungsnachweis', 'Abschlussprüfung']);
    expect(optionTexts(screen.getByLabelText(/^Schwierigkeitsgrad/))).toEqual(['Leicht', 'Mittel', 'Schwer']);
    expect(screen.getByLabelText('Reihenfolge der Fragen mischen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeTruthy();

    // Moving on without details stays on the first step, still in German.
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('group', { name: 'Angaben zur Prüfung' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Neue Frage' })).toBeNull();
  });

  it("names an exam card's facts, status and teacher actions in German", async () => {
    await changeLanguage('de');
    const now = Date.parse('2026-11-22T10:00:00Z');
    const exam = buildExam({ state: 'upcoming', now, isPublished: false, duration: 90, totalMarks: 12 });
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <ExamCard exam={exam} role="teacher" now={now} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const card = screen.getByRole('article', { name: exam.title });
    expect(within(card).getByTestId('exam-status').textContent).toBe('BEVORSTEHEND');
    expect(within(card).getByTestId('exam-unpublished').textContent).toBe('Nicht veröffentlicht');
    expect(within(card).getByText('Fach:')).toBeTruthy();
    expect(within(card).getByText('12 Punkte')).toBeTruthy();
    for (const name of ['Bearbeiten', 'Fragen', 'Abgaben', 'Ergebnisse', 'Vorschau', 'Veröffentlichen', 'Löschen']) {
      expect(within(card).getByRole(name === 'Veröffentlichen' || name === 'Löschen' ? 'button' : 'link', { name })).toBeTruthy();
    }
  });
});
