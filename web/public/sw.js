/*
 * The app shell, kept for the moments the server cannot be reached: a student who reloads while
 * the server restarts still gets the app, which keeps the session, says it is reconnecting and
 * picks up where it was once the server answers. Pages come from the network first (a new
 * deploy shows at once); only when there is no answer, or a proxy's 502/503/504, does the stored
 * shell stand in. The API, the socket and uploads never go through here.
 */
const CACHE = 'app-shell-v1';
const SHELL = '/index.html';
const UNREACHABLE = [502, 503, 504];
const PASS_THROUGH = ['/api/', '/socket.io/', '/uploads/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch('/', { cache: 'no-store' })
      .then(storeShell)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return;
  // The app's own pages only (no file extension, as the server decides): a picture opened in a tab is not the shell.
  if (request.mode === 'navigate' && !/\.[^/]+$/.test(url.pathname)) event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

async function page(request) {
  try {
    const response = await fetch(request);
    if (UNREACHABLE.includes(response.status)) return (await caches.match(SHELL)) ?? response;
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      storeShell(response.clone()).catch(() => undefined);
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** Bundles are named by their content: a stored one is always right. */
async function asset(request) {
  const stored = await caches.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => undefined);
  }
  return response;
}

/**
 * Keeps this index.html and the bundles it names. A new deploy's shell replaces the old bundles
 * (so the cache does not grow with every release); lazily loaded ones are stored when first used.
 */
async function storeShell(response) {
  if (!response.ok) return;
  const html = await response.clone().text();
  const cache = await caches.open(CACHE);
  const previous = await cache.match(SHELL);
  if (previous && (await previous.text()) === html) return;
  for (const key of await cache.keys()) if (new URL(key.url).pathname.startsWith('/assets/')) await cache.delete(key);
  await cache.put(SHELL, response);
  const bundles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(bundles);
}
