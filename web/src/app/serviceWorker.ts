/**
 * Installs the app-shell service worker (web/public/sw.js) in the built app, so a reload while
 * the server is down or restarting still opens the app (which then waits for the server) rather
 * than the browser's error page. Not in development: Vite serves the app there.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works the same; only a reload during an outage shows the browser's page.
    });
  });
}
