import type { TimelineEntry } from '@exam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { entryText } from './timelineText';

const reconnected = (detail: Record<string, unknown>): TimelineEntry => ({ kind: 'reconnected', at: '2026-11-24T09:20:05.000Z', by: null, detail });

describe('a reconnect on the timeline', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('says how long the student was away and why the connection went', async () => {
    expect(entryText(reconnected({ offlineMs: 7000, since: '2026-11-24T09:19:58.000Z', cause: 'network' }))).toEqual({ title: 'Reconnected', detail: 'After 7 s offline (connection lost)' });
    expect(entryText(reconnected({ offlineMs: 125_000, cause: 'left-page' })).detail).toBe('After 2 min 5 s offline (left the exam page)');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'server-restart' })).detail).toBe('After 7 s offline (the server restarted)');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'signed-out' })).detail).toBe('After 7 s offline (signed out)');
    await changeLanguage('es');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'network' })).detail).toBe('Tras 7 s sin conexión (conexión perdida)');
    await changeLanguage('fr');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'left-page' })).detail).toBe('Après 7 s hors ligne (a quitté la page de l’examen)');
    await changeLanguage('de');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'server-restart' })).detail).toBe('Nach 7 s offline (Server neu gestartet)');
  });

  it('says only how long when the cause is unknown or absent', () => {
    expect(entryText(reconnected({ offlineMs: 7000 })).detail).toBe('After 7 s offline');
    expect(entryText(reconnected({ offlineMs: 7000, cause: 'solar-flare' })).detail).toBe('After 7 s offline');
  });
});
