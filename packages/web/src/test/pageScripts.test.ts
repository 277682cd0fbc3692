import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyFiles, earlyStart, lastScreenFirst } from '../../build/pageScripts.ts';
import { kyivDay, LAST_SCREEN_ITEM, type LastScreen, sessionMark } from '../shared/lib/lastScreen';

// index.html's inline scripts, run here as the page runs them (the whole flow in Chromium:
// e2e/home-first-paint.e2e.ts).
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
function keep(screen: Partial<LastScreen> = {}) {
  const kept: LastScreen = {
    session: sessionMark(`Bearer ${TOKEN}`),
    day: kyivDay(),
    html: '<main><h2>Що сьогодні</h2></main>',
    sheets: ['assets/signed-in-1.css'],
    ...screen,
  };
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

  it("loads the app's entry at once without a session, and drops a kept home", () => {
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with a session on /uk and no kept home: the entry, the frame's chunks and home's data at once", () => {
    storeSession(TOKEN);
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/signed-in-1.js"]')).not.toBeNull();
    expect(fetch).toHaveBeenCalledWith('/api/courses/today', expect.anything());
    expect(lastScreen()).toBeUndefined();
  });

  it("paints today's kept home first: its sheets block the paint, the scripts wait for it", () => {
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark);
    expect(renderBlocking()).toEqual(['/assets/signed-in-1.css']);
    expect(lastScreen()).toBe('<main><h2>Що сьогодні</h2></main>');
    // Home's data is asked for at once; the scripts are not, until the page has been painted.
    expect(fetch).toHaveBeenCalledWith('/api/courses/today', expect.anything());
    expect(entryScripts()).toEqual([]);
  });

  it('paints nothing where a style sheet added by a script cannot hold the paint back', () => {
    renderBlockingSupported(false);
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark);
    expect(lastScreen()).toBeUndefined();
    expect(renderBlocking()).toEqual([]);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
  });

  it('loads the scripts within a second where the browser reports no paint (no PerformanceObserver)', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    storeSession(TOKEN);
    keep();
    window.history.pushState({}, '', '/uk');
    earlyStart(FILES, sessionMark);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(entryScripts()).toEqual(['/assets/index-1.js']);
    vi.advanceTimersByTime(5000);
    expect(entryScripts()).toHaveLength(1);
  });

  it("drops another session's kept home unread, and does not paint yesterday's or another build's", () => {
    storeSession(TOKEN);
    window.history.pushState({}, '', '/uk');
    keep({ session: sessionMark('Bearer someone-else') });
    earlyStart(FILES, sessionMark);
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
    expect(lastScreen()).toBeUndefined();

    keep({ day: '2000-01-01' });
    earlyStart(FILES, sessionMark);
    expect(lastScreen()).toBeUndefined();

    keep({ sheets: ['assets/signed-in-0.css'] });
    earlyStart(FILES, sessionMark);
    expect(lastScreen()).toBeUndefined();
    expect(renderBlocking()).toEqual([]);
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

  it('shows the app when it leaves the address, and drops the kept home when it goes to /login', async () => {
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
