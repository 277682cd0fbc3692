import { authHeaders } from '../api/client';

// The screens a learner opens every day (home, the lesson in hand) as this browser last showed them
// today, painted from the page while the app's script is on its way (issue 23: often on a slow
// phone network). The app keeps a screen's markup here once it is on screen; on the next visit of
// that address the same day, with the same session and a build that still has those style sheets,
// index.html's head script links the sheets (render-blocking) and the script after #root paints
// the markup, inert, beside a hidden #root (build/pageScripts.ts: earlyStart, lastScreenFirst).
// The app renders into #root as ever and shows it once that screen is rendered (`showApp`), or
// once it has gone elsewhere, or after 4 s.

/** The localStorage item: LastScreens as JSON (read by build/pageScripts.ts's earlyStart). */
export const LAST_SCREEN_ITEM = 'yedyni:last-screen';

/** How many addresses are kept: home and the lessons in hand, not every page ever read. */
export const LAST_SCREENS_KEPT = 3;

/**
 * A screen's markup longer than this is not kept: the storage is shared with what matters more
 * (the session, drafts being written), and a copy is a convenience. The demo learner's home is
 * ~7 500 characters, a demo lesson's text tab ~6 000.
 */
export const LAST_SCREEN_MAX_CHARS = 150_000;

/** What is kept: whose screens, which Kyiv day, and the screens, the latest shown first. */
export interface LastScreens {
  /** `sessionMark` of the session that showed them: another session's visit paints nothing. */
  session: string;
  /** `YYYY-MM-DD` in Kyiv (the head script computes it the same way): yesterday's plan is not today's. */
  day: string;
  screens: LastScreen[];
}

/** One address's screen: its markup and the style sheets it was shown with. */
export interface LastScreen {
  /** `location.pathname` it was shown at: painted at that address only. */
  path: string;
  html: string;
  /** The linked style sheets, as paths under the site (`assets/….css`). */
  sheets: string[];
}

/**
 * A mark of the session's Authorization (FNV-1a, 32 bits): tells sessions apart without keeping
 * the token a second time. Written into index.html's head script too (vite.config.ts writes it
 * in), so it uses only what a browser has.
 */
export function sessionMark(auth: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < auth.length; i++) hash = Math.imul(hash ^ auth.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Today's date in Kyiv as `YYYY-MM-DD` (en-CA formats dates so). Written into index.html's head
 * script too, as sessionMark is, so it uses only what a browser has: not the contract's
 * `kyivIsoDate`, which this file (imported by vite.config.ts) would bring into the build's
 * config. lastScreen.test.ts holds it to kyivIsoDate's answer.
 */
export const kyivDay = (instant = Date.now()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(instant);

/**
 * Keeps #root's markup as this address's screen to paint first next time (home and a lesson call
 * it once on screen). Today's other screens of this session stay, up to LAST_SCREENS_KEPT.
 */
export function rememberScreen(): void {
  const auth = authHeaders('').Authorization;
  const root = document.getElementById('root');
  if (!auth || !root || root.hidden || !root.firstElementChild) return;
  const html = root.innerHTML;
  if (html.length > LAST_SCREEN_MAX_CHARS) return;
  const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
    new URL(link.href).pathname.slice(1),
  );
  const path = location.pathname;
  const session = sessionMark(auth);
  const day = kyivDay();
  const earlier = keptScreens();
  const others =
    earlier?.session === session && earlier.day === day ? earlier.screens.filter((screen) => screen.path !== path) : [];
  const screens = [{ path, html, sheets }, ...others].slice(0, LAST_SCREENS_KEPT);
  // A full storage: this screen alone, rather than none.
  for (const kept of [screens, screens.slice(0, 1)]) {
    try {
      localStorage.setItem(LAST_SCREEN_ITEM, JSON.stringify({ session, day, screens: kept } satisfies LastScreens));
      return;
    } catch {
      // Try with less; a blocked storage: the next visit paints when the app has rendered.
    }
  }
}

/** What is kept, if it is of this shape (an older build kept another). */
function keptScreens(): LastScreens | null {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_SCREEN_ITEM) ?? 'null') as LastScreens | null;
    return kept && Array.isArray(kept.screens) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Sign-out: the kept screens are that person's (their name, their courses, their lessons). Also
 * what a full storage gives up first, for a draft (./drafts.tsx). True when something was kept.
 */
export function forgetScreen(): boolean {
  try {
    const kept = localStorage.getItem(LAST_SCREEN_ITEM) !== null;
    localStorage.removeItem(LAST_SCREEN_ITEM);
    return kept;
  } catch {
    // No storage: nothing was kept.
    return false;
  }
}

/**
 * Shows the app's own screen in place of the painted one, if one was painted (else nothing).
 * True when it was: the app's screen was hidden until now (what it focused did not take focus).
 */
export function showApp(): boolean {
  const show = (window as { __showApp?: () => void }).__showApp;
  show?.();
  return show !== undefined;
}
