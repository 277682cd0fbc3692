/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest: built to /sw.js with the precache list).
// What it keeps and why is said at each route below; docs/ARCHITECTURE.md «Offline and push» is the overview.
import type { PushPayload } from '@yedyni/contract';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { API_CACHE, MEDIA_CACHE } from './shared/lib/serviceWorker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** What an API call answers offline when nothing of it was kept (the client shows `message`). */
const OFFLINE_MESSAGE =
  'Немає звʼязку з інтернетом. Цей розділ ще не відкривали на цьому пристрої, тож без мережі він недоступний.';
const DAY = 24 * 60 * 60;

// A new version takes over at once: the app shell is precached by content hash, and an open tab
// loads its screens from the server's new build anyway.
self.skipWaiting();
clientsClaim();

// The app shell: index.html, every script and style sheet, the icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: the server first (it sends the prerendered /login, and a fresh index.html after a
// deploy); without a network, the precached app, whose screens then say what is not available.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/sandbox\//] },
  ),
);

/**
 * The API answers kept for reading offline: the signed-in user and their support level (the
 * frame), and the courses with their lessons' texts (`/api/courses/...`, content included). They
 * are a person's data: the cache key carries a digest of the Authorization header, so one
 * session never reads another's answers, and sign-out deletes the cache (shared/lib/serviceWorker.ts).
 */
const KEPT_API = /^\/api\/(?:auth\/current$|partners\/indicators$|courses(?:\/|$))/;

async function sessionKey(request: Request): Promise<string> {
  const authorization = request.headers.get('authorization') ?? '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('__session', hex);
  return url.href;
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && KEPT_API.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => sessionKey(request) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY }),
    ],
  }),
);

// Any other API read goes to the network; offline it answers a clear message instead of failing.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/'),
  new NetworkOnly(),
);

const mediaExpiration = new CacheExpiration(MEDIA_CACHE, { maxEntries: 80, maxAgeSeconds: 60 * DAY });

/**
 * Course media (lesson audio and pictures), cache first. An <audio> asks for byte ranges, and a
 * 206 answer cannot be kept: on a miss the whole file is fetched once and kept, and each range is
 * cut from it.
 */
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/media/'),
  async ({ request }) => {
    const cache = await caches.open(MEDIA_CACHE);
    let whole = await cache.match(request.url);
    if (!whole) {
      const response = await fetch(request.url, { credentials: 'same-origin' });
      if (response.status !== 200) return response;
      await cache.put(request.url, response.clone());
      whole = response;
    }
    await mediaExpiration.updateTimestamp(request.url);
    void mediaExpiration.expireEntries();
    return request.headers.has('range') ? createPartialResponse(request, whole) : whole;
  },
);

setCatchHandler(async ({ request, url }) => {
  if (url?.pathname.startsWith('/api/')) {
    return new Response(JSON.stringify({ message: OFFLINE_MESSAGE }), {
      status: 503,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});

/** A push message (the server's PushPayload): shown at once; the same tag replaces an older one. */
self.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Єдині', {
      body: payload.body ?? '',
      tag: payload.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'uk',
      data: { link: payload.link },
    }),
  );
});

/** Only a path of this app: a payload never sends the click elsewhere. */
function safeLink(link: unknown): string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/uk/notifications';
}

/** A click opens what the notification is about: in an open tab of the app if there is one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safeLink(event.notification.data?.link), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
