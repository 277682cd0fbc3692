import type { kyivDay, LastScreens, sessionMark } from '../src/shared/lib/lastScreen.ts';

// The inline scripts of index.html (vite.config.ts, signedInHead writes them out with
// Function#toString): they run before the app's script has arrived, so each is small, imports
// nothing and uses only what a browser has. Tested in src/test/pageScripts.test.ts.

/** What a signed-in address's inline script (signedInHead) is given: its screen's files. */
export interface EarlyFiles {
  /** The app's entry script. */
  entry: string;
  frame: string[];
  lesson: string[];
  /** Every style sheet of this build: a kept screen's sheets must all be among them. */
  css: string[];
  /** shared/lib/lastScreen.ts's LAST_SCREEN_ITEM. */
  lastScreen: string;
}

/**
 * Runs in index.html's head and loads the app's entry script (the build takes its static tag out:
 * signedInHead). With a stored session on a /uk address, the signed-in chunks (and a lesson's) are
 * asked for now (modulepreload), not after the app has restored the session and rendered its
 * routes; and home's or the lesson's data too, kept in `window.__early` for shared/lib/primed.ts,
 * which hands the answers to the screens' thunks. When this address's screen as this browser last
 * showed it today (home, a lesson) is to be painted from the page (shared/lib/lastScreen.ts;
 * lastScreenFirst paints it), its style sheets hold the first paint back (blocking=render) and the
 * scripts and the screen's data are asked for once it is painted, as login.html's scripts are:
 * the first paint waits for nothing but the page and its style sheets.
 * Anything unexpected: nothing is started early, the app does it all.
 */
export function earlyStart(files: EarlyFiles, mark: typeof sessionMark, today: typeof kyivDay) {
  const scripts: string[] = [];
  /** The screen's data, asked for with the scripts: at once, or after a kept screen's paint. */
  const reads: (() => void)[] = [];
  let paintFirst = false;
  const link = (rel: string, file: string, as?: string) => {
    const element = document.createElement('link');
    element.rel = rel;
    if (as) element.as = as;
    element.crossOrigin = '';
    element.href = `/${file}`;
    document.head.append(element);
    return element;
  };
  try {
    const saved = JSON.parse(localStorage.getItem('persist:auth') || '{}');
    const token = saved.token && JSON.parse(saved.token);
    const [, uk, section, courseId, day] = location.pathname.split('/');
    // Without a session, screens kept for an ended one are somebody's data, kept for nothing.
    if (!token) localStorage.removeItem(files.lastScreen);
    if (typeof token === 'string' && token && uk === 'uk') {
      const auth = `Bearer ${token}`;
      const early: Record<string, { at: number; auth: string; answer: Promise<{ status: number; text: string }> }> = {};
      (window as { __early?: typeof early }).__early = early;
      const get = (key: string, url: string, accept: string) =>
        reads.push(() => {
          early[key] = {
            at: Date.now(),
            auth,
            answer: fetch(url, { headers: { Accept: accept, Authorization: auth } }).then(async (r) => ({
              status: r.status,
              text: await r.text(),
            })),
          };
          // Not taken (the app went elsewhere) and failed: nobody's error.
          early[key].answer.catch(() => {});
        });
      scripts.push(...files.frame);
      if (!section) get('/courses/today', '/api/courses/today', 'application/json');
      if (section === 'learn' && courseId && day && /^\d+$/.test(day)) {
        scripts.push(...files.lesson);
        get(`/courses/${courseId}`, `/api/courses/${courseId}`, 'application/json');
        const content = `/api/courses/${courseId}/lessons/${day}/content`;
        get(`text:${content}`, content, 'text/html');
      }
      const last: LastScreens | null = JSON.parse(localStorage.getItem(files.lastScreen) || 'null');
      if (last && last.session !== mark(auth)) localStorage.removeItem(files.lastScreen);
      else if (last?.day === today() && Array.isArray(last.screens)) {
        const screen = last.screens.find((kept) => kept.path === location.pathname);
        // Only where a style sheet added here can hold the paint back (blocking=render: Chromium),
        // or the copy could show unstyled for a moment; elsewhere the screen opens as without it.
        if (screen?.sheets.every((sheet) => files.css.includes(sheet)) && 'blocking' in HTMLLinkElement.prototype) {
          for (const sheet of screen.sheets) link('stylesheet', sheet).setAttribute('blocking', 'render');
          (window as { __lastScreen?: string }).__lastScreen = screen.html;
          paintFirst = document.visibilityState === 'visible';
        }
      }
    }
  } catch {
    // A stored session the app will not accept either: it starts as without this.
  }
  const load = () => {
    for (const read of reads) read();
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = `/${files.entry}`;
    document.head.append(entry);
    for (const file of scripts) {
      if (file.endsWith('.css')) link('preload', file, 'style');
      else link('modulepreload', file);
    }
  };
  if (!paintFirst) return load();
  // A frame after the browser reports the first paint (it may report it before the frame is on
  // screen); two frames on where it reports none; and in any case within a second.
  let loaded = false;
  const once = () => {
    if (loaded) return;
    loaded = true;
    load();
  };
  setTimeout(once, 1000);
  const nextFrame = () => requestAnimationFrame(() => setTimeout(once, 0));
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      nextFrame();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(nextFrame);
}

/**
 * Runs right after #root is parsed (index.html): the kept screen earlyStart found is painted in an
 * inert, aria-hidden copy before #root, which stays hidden while the app renders into it. The app
 * calls `__showApp` once that screen is rendered (shared/lib/lastScreen.ts, showApp); leaving the
 * address (a refused session goes to /login, and the kept screens are dropped then) or 4 s
 * without either show the app too.
 */
export function lastScreenFirst(item: string) {
  const html = (window as { __lastScreen?: string }).__lastScreen;
  const root = document.getElementById('root');
  if (!html || !root) return;
  const painted = document.createElement('div');
  // Seen, not used: no focus, no clicks, and nothing for a screen reader to read twice.
  painted.inert = true;
  painted.setAttribute('aria-hidden', 'true');
  painted.innerHTML = html;
  root.before(painted);
  root.hidden = true;
  const path = location.pathname;
  const show = () => {
    observer.disconnect();
    clearTimeout(timer);
    painted.remove();
    root.hidden = false;
    delete (window as { __showApp?: () => void }).__showApp;
  };
  const observer = new MutationObserver(() => {
    if (location.pathname === path) return;
    show();
    // The session was refused (the app went to /login): the kept screens are an ended session's.
    if (location.pathname === '/login') localStorage.removeItem(item);
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(show, 4000);
  (window as { __showApp?: () => void }).__showApp = show;
}
