import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyFiles, earlyStart, lastScreenFirst } from '../../build/pageScripts.ts';
import { kyivDay, LAST_SCREEN_ITEM, type LastScreen, type LastScreens, sessionMark } from '../shared/lib/lastScreen';

// index.html's inline scripts, run here as the page runs them (the whole flow in Chromium:
// e2e/first-paint.e2e.ts).
const FILES: EarlyFiles = {
  entry: 'assets/index-1.js',
  frame: ['assets/signed-in-1.js', 'assets/signed-in-1.css'],
  lesson: ['assets/lesson-1.js'],
  css: ['assets/signed-in-1.css', 'assets/lesson-1.css'],
  lastScreen: LAST_SCREEN_ITEM,
};
const TOKEN = 'token-1';

function storeSession(token: string | null) {
  localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify(token) }));
}
const HOME: LastScreen = { path: '/uk', html: '<main><h2>Що сьогодні</h2></main>', sheets: ['assets/signed-in-1.css'] };
const LESSON: LastScreen = {
  path: '/uk/learn/c1/3',
  html: '<main><h1>Урок 3</h1></main>',
  sheets: ['assets/signed-in-1.css', 'assets/lesson-1.css'],
};
/** Today's kept screens of TOKEN's session (home by default), with `changes`. */
function keep(changes: Partial<LastScreens> = {}, screens = [HOME]) {
  const kept: LastScreens = { session: sessionMark(`Bearer ${TOKEN}`), day: kyivDay(), screens, ...changes };
  localStorage.setItem(LAST_SCREEN_ITEM, JSON.stringify(kept));
}
const entryScripts = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const renderBlocking = () =>
  [...document.head.querySelectorAll('link[rel="stylesheet"][blocking="render"]')].map((l) => l.getAttribute('href'));
const lastScreen = () => (window as { __lastScreen?: string }).__lastScreen;

/** Chromium's `link.blocking` (render-blocking sheets added by a script), which jsdom lacks. */
function renderBlockingSupported(supported: boolean) {
  if (supported) Object.defineProperty(HTMLLinkElement.prototype, 'blocking', { configurable: true, value: null });
  else delete (HTMLLinkElement.prototype as { blocking?: unknown }).blocking;
}

describe("index.html's head script (earlyStart)", () => {
  beforeEach(() => {
    renderBlockingSupported(true);
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    document.head.innerHTML = '';
  });
  afterEach(() => {
    renderBlockingSupported(false);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    delete (window as { __lastScreen?: string }).__lastScreen;
    delete (window as { __early?: object }).__early;
    window.history.pushState({}, '', '/');
  });

  it("loads the app's entry at once without a session, and drops kept screens", () => {
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with a session on /uk and nothing kept for it: the entry, the frame's chunks and home's data at once", () => {
    storeSession(TOKEN);
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/signed-in-1.js"]')).not.toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/courses/today', expect.anything());
    expect(lastScreen()).toBeUndefined();
  });

  it("paints today's kept home first: its sheets block the paint, the scripts wait for it", () => {
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(renderBlocking()).toEqual(['/assets/signed-in-1.css']);
    expect(lastScreen()).toBe('<main><h2>Що сьогодні</h2></main>');
    // Neither the scripts nor home's data are asked for until the page has been painted: the
    // paint waits for the page and its sheets alone.
    expect(fetch).not.toHaveBeenCalled();
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(fetch).toHaveBeenCalledWith('/api/courses/today', expect.anything());
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(Object.keys((window as { __early?: object }).__early ?? {})).toEqual(['/courses/today']);
  });

  it('paints nothing where a style sheet added by a script cannot hold the paint back', () => {
    renderBlockingSupported(false);
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(lastScreen()).toBeUndefined();
    expect(renderBlocking()).toEqual([]);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('loads the scripts within a second where the browser reports no paint (no PerformanceObserver)', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    vi.advanceTimersByTime(5000);
    expect(entryScripts()).toHaveLength(1);
  });

  it("drops another session's kept screens unread, and does not paint yesterday's or another build's", () => {
    storeSession(TOKEN);
    window.history.pushState({}, '', '/uk');
    keep({ session: sessionMark('Bearer someone-else') });
    earlyStart(FILES, sessionMark, kyivDay);
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
    expect(lastScreen()).toBeUndefined();

    keep({ day: '2000-01-01' });
    earlyStart(FILES, sessionMark, kyivDay);
    expect(lastScreen()).toBeUndefined();

    keep({}, [{ ...HOME, sheets: ['assets/signed-in-0.css'] }]);
    earlyStart(FILES, sessionMark, kyivDay);
    expect(lastScreen()).toBeUndefined();
    expect(renderBlocking()).toEqual([]);

    // What an older build kept (one screen, no addresses) is not painted either.
    localStorage.setItem(
      LAST_SCREEN_ITEM,
      JSON.stringify({ session: sessionMark(`Bearer ${TOKEN}`), day: kyivDay(), ...HOME }),
    );
    earlyStart(FILES, sessionMark, kyivDay);
    expect(lastScreen()).toBeUndefined();
  });

  it("paints the kept screen of this address only: a lesson's with its sheets, its data asked for once painted", () => {
    storeSession(TOKEN);
    keep({}, [LESSON, HOME]);
    window.history.pushState({}, '', '/uk/learn/c1/3');
    earlyStart(FILES, sessionMark, kyivDay);
    expect(lastScreen()).toBe('<main><h1>Урок 3</h1></main>');
    expect(renderBlocking()).toEqual(['/assets/signed-in-1.css', '/assets/lesson-1.css']);
    expect(fetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fetch).toHaveBeenCalledWith('/api/courses/c1', expect.anything());
    expect(fetch).toHaveBeenCalledWith('/api/courses/c1/lessons/3/content', expect.anything());
    expect(entryScripts()).toEqual(['/assets/index-1.js']);

    // Another lesson, or another tab of this one, was not kept: opened as without it.
    for (const other of ['/uk/learn/c1/4', '/uk/learn/c1/3/theory']) {
      delete (window as { __lastScreen?: string }).__lastScreen;
      document.head.innerHTML = '';
      window.history.pushState({}, '', other);
      earlyStart(FILES, sessionMark, kyivDay);
      expect(lastScreen()).toBeUndefined();
      expect(entryScripts()).toEqual(['/assets/index-1.js']);
    }
  });
});

describe('the script after #root (lastScreenFirst)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"></div>';
    window.history.pushState({}, '', '/uk');
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    delete (window as { __lastScreen?: string }).__lastScreen;
    delete (window as { __showApp?: () => void }).__showApp;
    window.history.pushState({}, '', '/');
  });
  const root = () => document.getElementById('root') as HTMLElement;
  const painted = () => document.querySelector<HTMLElement>('body > div:not(#root)');
  const paint = () => {
    (window as { __lastScreen?: string }).__lastScreen = '<main><h2>Що сьогодні</h2></main>';
    lastScreenFirst(LAST_SCREEN_ITEM);
  };

  it('paints nothing when the head script found nothing to paint', () => {
    lastScreenFirst(LAST_SCREEN_ITEM);
    expect(painted()).toBeNull();
    expect(root().hidden).toBe(false);
  });

  it('paints an inert, aria-hidden copy beside the hidden #root until the app shows itself', () => {
    paint();
    expect(painted()?.textContent).toBe('Що сьогодні');
    expect(painted()?.inert).toBe(true);
    expect(painted()?.getAttribute('aria-hidden')).toBe('true');
    expect(root().hidden).toBe(true);
    (window as { __showApp?: () => void }).__showApp?.();
    expect(painted()).toBeNull();
    expect(root().hidden).toBe(false);
  });

  it('shows the app after 4 s at most', () => {
    paint();
    vi.advanceTimersByTime(3999);
    expect(root().hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(painted()).toBeNull();
    expect(root().hidden).toBe(false);
  });

  it('shows the app when it leaves the address, and drops the kept screens when it goes to /login', async () => {
    localStorage.setItem(LAST_SCREEN_ITEM, '{}');
    paint();
    window.history.pushState({}, '', '/login');
    root().append(document.createElement('form'));
    await Promise.resolve();
    expect(painted()).toBeNull();
    expect(root().hidden).toBe(false);
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
  });
});
