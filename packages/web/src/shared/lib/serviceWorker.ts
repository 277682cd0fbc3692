/**
 * The app's service worker (src/sw.ts, built to /sw.js by vite-plugin-pwa): its registration,
 * and what sign-out must forget. The names of its caches live here so the worker and the page agree on them.
 */

/** API answers of what was opened (lessons, courses, the signed-in user), per session: network first. */
export const API_CACHE = 'yedyni-api';
/** Course media once opened (lesson audio and pictures): cache first. */
export const MEDIA_CACHE = 'yedyni-media';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Registers /sw.js (only the built app has it) once the page has loaded. Called by the signed-in
 * frame, which itself loads after the first screen: nothing of it weighs on /login's budget, and
 * what the worker keeps offline is what a signed-in person reads.
 */
export function registerWorker(): void {
  if (!import.meta.env.PROD || !supported()) return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The worker's registration once it is active, or null where there is none (no support, development). */
export async function activeWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return null;
  return registration.active ? registration : navigator.serviceWorker.ready;
}

/**
 * Sign-out: the cached answers are that person's data, and this device should no longer show
 * their push notifications. The push service then answers the server 404/410 and the server
 * removes the subscription.
 */
export async function forgetSession(): Promise<void> {
  const work: Promise<unknown>[] = [];
  if (typeof caches !== 'undefined') work.push(caches.delete(API_CACHE), caches.delete(MEDIA_CACHE));
  work.push(
    activeWorker().then(async (registration) => {
      const subscription = await registration?.pushManager?.getSubscription();
      await subscription?.unsubscribe();
    }),
  );
  await Promise.allSettled(work);
}
