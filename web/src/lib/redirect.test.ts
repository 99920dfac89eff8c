import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './redirect';

describe('afterLoginPath', () => {
  it('returns to the remembered page with its query', () => {
    expect(afterLoginPath({ from: '/results?page=2' })).toBe('/results?page=2');
  });

  it('falls back to the dashboard without a remembered page', () => {
    expect(afterLoginPath(null)).toBe('/dashboard');
    expect(afterLoginPath({})).toBe('/dashboard');
  });

  it('refuses anything that is not a path on this site', () => {
    expect(afterLoginPath({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(afterLoginPath({ from: '//evil.example/x' })).toBe('/dashboard');
  });

  it('never returns to the sign-in screens', () => {
    expect(afterLoginPath({ from: '/login' })).toBe('/dashboard');
    expect(afterLoginPath({ from: '/register?x=1' })).toBe('/dashboard');
    expect(afterLoginPath({ from: '/login-help' })).toBe('/login-help');
  });
});
