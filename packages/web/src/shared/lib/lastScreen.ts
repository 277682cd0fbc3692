import { authHeaders } from '../api/client';

// Home as this browser last showed it today, painted from the page while the app's script is on
// its way (issue 23: a learner opens home every day, often on a slow phone network). The app
// keeps the markup here once home is on screen; on the next visit of /uk the same day, with the
// same session and a build that still has those style sheets, index.html's head script links the
// sheets (render-blocking) and the script after #root paints the markup, inert, beside a hidden
// #root (build/pageScripts.ts: earlyStart, lastScreenFirst). The app renders into #root as ever and
// shows it once home is rendered (`showApp`), or once it has gone elsewhere, or after 4 s.

/** The localStorage item: a LastScreen as JSON (read by build/pageScripts.ts's earlyStart). */
export const LAST_SCREEN_ITEM = 'yedyni:last-screen';

/** What is kept: whose screen, which Kyiv day, its markup and the style sheets it was shown with. */
export interface LastScreen {
  /** `sessionMark` of the session that showed it: another session's visit paints nothing. */
  session: string;
  /** `YYYY-MM-DD` in Kyiv (the head script computes it the same way): yesterday's plan is not today's. */
  day: string;
  html: string;
  /** The linked style sheets, as paths under the site (`assets/….css`). */
  sheets: string[];
}

/**
 * A mark of the session's Authorization (FNV-1a, 32 bits): tells sessions apart without keeping
 * the token a second time. Written into index.html's head script too (vite.config.ts writes it in), so it
 * uses only what a browser has.
 */
export function sessionMark(auth: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < auth.length; i++) hash = Math.imul(hash ^ auth.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Today's date in Kyiv as `YYYY-MM-DD` (en-CA formats dates so): the head script's own formula,
 * which cannot import the contract's `kyivIsoDate`; nor does this file, which vite.config.ts
 * imports and which would bring the contract into the build's config. lastScreen.test.ts holds
 * it to kyivIsoDate's answer.
 */
export const kyivDay = (instant = Date.now()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(instant);

/** Keeps #root's markup as the screen to paint first next time (home calls it once on screen). */
export function rememberScreen(): void {
  const auth = authHeaders('').Authorization;
  const root = document.getElementById('root');
  if (!auth || !root || root.hidden || !root.firstElementChild) return;
  const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
    new URL(link.href).pathname.slice(1),
  );
  const screen: LastScreen = { session: sessionMark(auth), day: kyivDay(), html: root.innerHTML, sheets };
  try {
    localStorage.setItem(LAST_SCREEN_ITEM, JSON.stringify(screen));
  } catch {
    // A full or blocked storage: the next visit paints when the app has rendered, as without this.
  }
}

/** Sign-out: the kept screen is that person's (their name, their courses). */
export function forgetScreen(): void {
  try {
    localStorage.removeItem(LAST_SCREEN_ITEM);
  } catch {
    // No storage: nothing was kept.
  }
}

/** Shows the app's own screen in place of the painted one, if one was painted (else nothing). */
export function showApp(): void {
  (window as { __showApp?: () => void }).__showApp?.();
}
