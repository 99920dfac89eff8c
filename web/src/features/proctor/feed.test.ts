import { describe, expect, it } from 'vitest';
import { eventDetailText, eventLabel, eventSeverity } from './feed';

describe('event texts', () => {
  it('says what each event was, from whatever detail it carries', () => {
    expect(eventDetailText('violation', { violation: 'tab-switch', counts: {} })).toBe('Tab switch');
    expect(eventDetailText('submitted', { reason: 'violations' })).toBe('for violations');
    expect(eventDetailText('message', { text: 'Eyes on your own screen' })).toBe('“Eyes on your own screen”');
    expect(eventDetailText('extended', { minutes: 10 })).toBe('+10 min');
    expect(eventDetailText('joined', {})).toBe('');
    expect(eventDetailText('violation', { violation: 42 })).toBe('');
    expect(eventLabel('extended')).toBe('Time extended');
    expect(eventLabel('something-new')).toBe('Something New');
  });
});

describe('issue 58 event texts', () => {
  it('names a device flag with how long it lasted and how sure the check was, and its severity', () => {
    const detail = { violation: 'face-missing', durationMs: 5200, confidence: 0.87, severity: 'high' };
    expect(eventDetailText('violation', detail)).toBe('Face missing · for 5 s · 87% sure');
    expect(eventSeverity('violation', detail)).toBe('high');
    // A server that sends no severity still gets the shared table's word for the kind.
    expect(eventSeverity('violation', { violation: 'voice', durationMs: 4000 })).toBe('medium');
    expect(eventSeverity('violation', { violation: 'copy' })).toBe('low');
    expect(eventSeverity('network', { offlineMs: 12_000 })).toBeNull();
    expect(eventDetailText('violation', { violation: 'looking-away', durationMs: 125_000 })).toBe('Looking away · for 2 min 5 s');
  });

  it('reads a disconnect as "offline 12 s", a network event and not a violation', () => {
    expect(eventLabel('network')).toBe('Connection');
    expect(eventDetailText('network', { offlineMs: 12_000, since: '2030-01-01T00:00:00.000Z' })).toBe('offline 12 s');
    expect(eventDetailText('network', { offlineMs: 3_725_000 })).toBe('offline 1 h 2 min');
  });

  it('says why the connection dropped when the server knows', () => {
    expect(eventDetailText('network', { offlineMs: 7_000, cause: 'network' })).toBe('offline 7 s · connection lost');
    expect(eventDetailText('network', { offlineMs: 7_000, cause: 'server-restart' })).toBe('offline 7 s · the server restarted');
    expect(eventDetailText('network', { offlineMs: 7_000, cause: 'something else' })).toBe('offline 7 s');
  });

  it('says a message to all reached how many, and what a help request or waiver was about', () => {
    expect(eventDetailText('message', { text: 'Ten minutes left', broadcastId: 'b1', count: 30 })).toBe('“Ten minutes left” · to 30 students');
    expect(eventDetailText('help', { check: 'camera', note: 'My webcam is broken' })).toBe('Camera · “My webcam is broken”');
    expect(eventDetailText('waiver', { check: 'face', reason: 'Screen reader in use', granted: true })).toBe('Face checks waived · “Screen reader in use”');
    expect(eventDetailText('waiver', { check: 'face', reason: null, granted: false })).toBe('Face checks: waiver revoked');
  });
});
