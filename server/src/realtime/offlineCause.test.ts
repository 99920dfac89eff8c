import { describe, expect, it } from 'vitest';
import { offlineCause } from './offlineCause';

describe('why a student went offline', () => {
  it('is a lost connection when the transport closed, failed or fell silent', () => {
    expect(['transport close', 'transport error', 'ping timeout'].map(offlineCause)).toEqual(['network', 'network', 'network']);
  });

  it('is a restart when the server shut down', () => {
    expect(offlineCause('server shutting down')).toBe('server-restart');
  });

  it('is signed out when the server ended the session, and left the page when the app closed its socket', () => {
    expect(offlineCause('server namespace disconnect')).toBe('signed-out');
    expect(offlineCause('client namespace disconnect')).toBe('left-page');
  });

  it('is unknown for any other reason', () => {
    expect(offlineCause('parse error')).toBeNull();
    expect(offlineCause('forced close')).toBeNull();
    expect(offlineCause('something new')).toBeNull();
  });
});
