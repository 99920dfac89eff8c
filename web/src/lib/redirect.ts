/**
 * Where to go after signing in: the page the guard bounced the user from (location state
 * `from`), else the dashboard. Only same-site paths are accepted, so a crafted state can never
 * send the user to another origin ("//evil.example" is protocol-relative, hence refused).
 */
export function afterLoginPath(state: unknown, fallback = '/dashboard'): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  // Never bounce back to the sign-in screens themselves.
  if (/^\/(login|register)(\/|\?|#|$)/.test(from)) return fallback;
  return from;
}
