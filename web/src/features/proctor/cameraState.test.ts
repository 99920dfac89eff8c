import { describe, expect, it } from 'vitest';
import { iceFailedText, noAnswerText, phaseOfPeerError, tileNotice } from './cameraState';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const online = { inProgress: true, online: true, lastSeenAt: null };
const seenAgo = (ms: number) => ({ inProgress: true, online: false, lastSeenAt: new Date(NOW - ms).toISOString() });

describe('the camera tile’s notice', () => {
  it('shows the video without a notice while connecting or live', () => {
    expect(tileNotice({ kind: 'connecting' }, online, 'Sam Lee', NOW)).toBeNull();
    expect(tileNotice({ kind: 'live' }, online, 'Sam Lee', NOW)).toBeNull();
  });

  it('says a student who just dropped is reconnecting, and one gone for a while left the exam, with Retry', () => {
    expect(tileNotice({ kind: 'live' }, seenAgo(5_000), 'Sam Lee', NOW)).toEqual({ text: 'Sam Lee is reconnecting', tone: 'orange', retry: true });
    expect(tileNotice({ kind: 'error', message: 'x' }, seenAgo(120_000), 'Sam Lee', NOW)).toEqual({ text: 'Sam Lee left the exam', tone: 'orange', retry: true });
  });

  it('says the camera is off once the attempt ended, without Retry', () => {
    expect(tileNotice({ kind: 'ended' }, online, 'Sam Lee', NOW)).toMatchObject({ text: 'Camera off: Sam Lee has finished the exam.', retry: false });
    expect(tileNotice({ kind: 'live' }, { ...online, inProgress: false }, 'Sam Lee', NOW)?.retry).toBe(false);
  });

  it('tells an ICE failure (strict NAT, no TURN) from other failures', () => {
    expect(phaseOfPeerError(Object.assign(new Error('x'), { code: 'ERR_ICE_CONNECTION_FAILURE' }))).toEqual({ kind: 'ice-failed' });
    expect(tileNotice(phaseOfPeerError({ code: 'ERR_ICE_CONNECTION_FAILURE' }), online, 'Sam', NOW)?.text).toBe(iceFailedText());
    expect(tileNotice(phaseOfPeerError(new Error('boom')), online, 'Sam', NOW)?.text).toBe('The camera connection failed.');
    expect(tileNotice({ kind: 'no-answer' }, online, 'Sam', NOW)?.text).toBe(noAnswerText());
  });
});
