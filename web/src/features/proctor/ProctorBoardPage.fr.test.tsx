import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { ProctorBoardPage } from './ProctorBoardPage';
import { buildRow } from './testRows';
import { FakeBoardSocket } from './test/boardSocket';

const socket = new FakeBoardSocket(() => ({
  students: [
    buildRow({ id: 's1', name: ['Sam', 'Student'], violations: { tabSwitches: 1, fullscreenExits: 0, other: 0 } }),
    buildRow({ id: 's2', name: ['Ana', 'Ortiz'], status: 'not-started', attemptId: null }),
  ],
}));

vi.mock('../../api/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/socket')>()),
  createSocket: () => socket,
  keepConnected: () => () => undefined,
}));

describe('Proctor board in French', () => {
  it('shows the board, its rows, counts, filters and live events in French', async () => {
    await changeLanguage('fr');
    mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })]]);
    renderApp('/exam/e1/proctor', [{ path: '/exam/:examId/proctor', element: <ProctorBoardPage /> }]);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/^Surveillance\s: Physics$/);
    expect(screen.getByTestId('board-connection').textContent).toBe('En direct');
    expect(screen.getByRole('button', { name: 'Écrire à tous les élèves' })).toBeTruthy();
    const summary = screen.getByRole('group', { name: 'Résumé' });
    expect(summary.textContent).toContain('2 élèves');
    expect(screen.getByTestId('attention-count').textContent).toBe('1 à surveiller');

    for (const header of ['Élève', 'Statut', 'Réponses', 'Temps restant', 'Infractions']) expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    const sam = screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === 'Sam Student')!;
    expect(within(sam).getByTestId('row-status').textContent).toBe('En cours · en ligne');
    expect(within(sam).getByTestId('row-progress').textContent).toBe('2 sur 5');
    expect(within(sam).getByTestId('row-saves').textContent).toBe('Tout est enregistré');
    expect(within(sam).getByTestId('row-time-left').textContent).toMatch(/^il reste /);
    expect(within(sam).getByTestId('row-attention').textContent).toBe('Infractions');
    expect(within(sam).getByRole('button', { name: 'Actions pour Sam Student' })).toBeTruthy();
    const ana = screen.getAllByTestId('proctor-row').find((r) => r.dataset.student === 'Ana Ortiz')!;
    expect(within(ana).getByTestId('row-status').textContent).toBe('Pas commencé');

    expect(screen.getByLabelText('Rechercher des élèves')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'À surveiller uniquement' })).toBeTruthy();

    // A violation arrives: the feed names its type and the kind of violation in French.
    act(() => socket.fire('proctor:event', { attemptId: 'a-s1', studentId: 's1', type: 'violation', at: new Date().toISOString(), detail: { violation: 'tab-switch' } }));
    const item = await screen.findByTestId('feed-item');
    expect(item.textContent).toContain('Infraction');
    expect(item.textContent).toContain('Sam Student · Changement d’onglet');
    expect(screen.getByRole('heading', { name: 'Événements en direct' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Masquer les événements en direct' }));
    expect(screen.queryByRole('heading', { name: 'Événements en direct' })).toBeNull();
    // The whole board renders here, which takes a while on a busy machine.
  }, 30_000);
});
