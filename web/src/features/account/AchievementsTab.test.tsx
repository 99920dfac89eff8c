import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { AchievementsTab } from './AchievementsTab';

// A page in jsdom with Mantine: slow on a busy machine.
describe('AchievementsTab', { timeout: 15_000 }, () => {
  it('lists the achievements the server answers as the list itself', async () => {
    mockApi(buildUser({ role: 'student' }), [
      [
        'GET',
        '/users/achievements',
        () => ({
          body: {
            success: true,
            data: [{ key: 'first-pass', title: 'First Exam Passed', description: 'Passed your first exam.', icon: 'trophy', earnedAt: '2026-03-01T09:00:00.000Z' }],
          },
        }),
      ],
    ]);
    renderApp('/profile', [{ path: '/profile', element: <AchievementsTab /> }]);
    expect(await screen.findByText('First Exam Passed')).toBeTruthy();
    expect(screen.getByText('Passed your first exam.')).toBeTruthy();
  });

  it('says a student has earned none yet when the list is empty', async () => {
    mockApi(buildUser({ role: 'student' }), [['GET', '/users/achievements', () => ({ body: { success: true, data: [] } })]]);
    renderApp('/profile', [{ path: '/profile', element: <AchievementsTab /> }]);
    expect(await screen.findByText('No achievements yet. Pass your first exam to earn one.')).toBeTruthy();
  });
});
