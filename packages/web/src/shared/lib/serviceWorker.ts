import { forgetScreen } from './lastScreen';
import { whenIdle } from './whenIdle';

/**
 * The app's service worker (src/sw.ts, built to /sw.js by vite-plugin-pwa): its registration,
 * and what sign-out must forget. The names of its caches live here so the worker and the page agree on them.
 */

/** API answers of what was opened (lessons, courses, the signed-in user), per session: network first. */
export const API_CACHE = 'yedyni-api';
/** Course media once opened (lesson audio and pictures): cache first. */
export const MEDIA_CACHE = 'yedyni-media';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Where vite-plugin-pwa writes the manifest (vite.config.ts). */
const MANIFEST_URL = '/manifest.webmanifest';

/**
 * The manifest is linked here, with the worker, and not in index.html (vite.config.ts › quietHead):
 * Chromium fetches it and an install icon as soon as it sees the link, two requests competing with
 * the first screen's; the app is installable only once the worker runs anyway.
 */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
}

/**
 * Registers /sw.js (only the built app has it) and links the manifest at the first idle moment
 * after the page has loaded. Called by the signed-in frame, which itself loads after the first
 * screen: nothing of it weighs on /login's budget, and what the worker keeps offline is what a
 * signed-in person reads.
 *
 * `onControlled` runs when a worker controls this page (now, or once it takes over): what the page
 * fetched before may have gone past it, and the session restore after an offline reload needs the
 * signed-in user kept.
 */
export function registerWorker(onControlled: () => void): () => void {
  if (!import.meta.env.PROD || !supported()) return () => {};
  // `load` can come before the screen's largest paint on a slow phone (a lesson's text renders
  // after its data): the first idle moment after it is past that paint.
  let cancelIdle = () => {};
  const register = () => {
    cancelIdle = whenIdle(() => {
      linkManifest();
      navigator.serviceWorker.register('/sw.js').catch(() => {});
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  navigator.serviceWorker.addEventListener('controllerchange', onControlled);
  // A worker that took over while the page was still loading changed no controller after this
  // listener came: ask once more (through it, so it keeps the answers).
  if (navigator.serviceWorker.controller) onControlled();
  return () => {
    window.removeEventListener('load', register);
    cancelIdle();
    navigator.serviceWorker.removeEventListener('controllerchange', onControlled);
  };
}

/**
 * The worker's registration once it is active, or null where there is none (no support, the
 * development server). The frame registers it at the first idle moment after `load`, and its first
 * install fetches the app shell: a screen that asks early waits for that, up to `waitMs`.
 */
export async function activeWorker(waitMs = 15_000): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (registration?.active) return registration;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sign-out: the cached answers and the kept screens (./lastScreen.ts) are that person's data,
 * and this device should no longer show their push notifications. The push service then answers
 * the server 404/410 and the server removes the subscription.
 */
export async function forgetSession(): Promise<void> {
  forgetScreen();
  const work: Promise<unknown>[] = [];
  if (typeof caches !== 'undefined') work.push(caches.delete(API_CACHE), caches.delete(MEDIA_CACHE));
  if (supported()) {
    work.push(
      navigator.serviceWorker.getRegistration('/').then(async (registration) => {
        const subscription = await registration?.pushManager?.getSubscription();
        await subscription?.unsubscribe();
      }),
    );
  }
  await Promise.allSettled(work);
}
