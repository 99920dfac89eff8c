import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { EvidenceDialog } from './EvidenceDialog';

const FLAG_ID = '0b9f6c55-3f55-4a8e-9a51-6c1f1b2a7e01';
const target = { attemptId: 'a1', flagId: FLAG_ID, flag: 'Face missing', name: 'Sam Student' };

describe('the evidence of a flag', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opened the moment the flag shows, waits for the picture that is still on its way', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:evidence'), revokeObjectURL: vi.fn() }));
    let lists = 0;
    const api = mockApi(buildUser({ role: 'teacher' }), [
      [
        'GET',
        '/attempts/a1/evidence',
        () => {
          lists += 1;
          // The upload lands after the proctor opened the flag.
          const evidence = lists === 1 ? [] : [{ id: 'ev1', flagId: FLAG_ID, kind: 'face-missing', source: 'camera', createdAt: '2030-01-01T00:20:01.000Z' }];
          return { body: { success: true, data: { evidence } } };
        },
      ],
      ['GET', '/evidence/ev1', () => ({ body: 'jpeg bytes' })],
    ]);
    renderApp('/', [{ path: '/', element: <EvidenceDialog target={target} onClose={() => undefined} /> }]);
    expect(await screen.findByTestId('evidence-picture', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.callsTo('GET', '/attempts/a1/evidence').length).toBeGreaterThanOrEqual(2);
  });
});
