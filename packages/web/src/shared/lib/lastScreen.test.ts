import { kyivIsoDate } from '@yedyni/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../api/client';
import {
  forgetScreen,
  kyivDay,
  LAST_SCREEN_ITEM,
  LAST_SCREEN_MAX_CHARS,
  LAST_SCREENS_KEPT,
  type LastScreens,
  rememberScreen,
  sessionMark,
  showApp,
} from './lastScreen';

// What the page's scripts (build/pageScripts.ts: earlyStart, lastScreenFirst) paint is checked in
// e2e/first-paint.e2e.ts; here, what the app keeps for them.
const kept = (): LastScreens | null => JSON.parse(localStorage.getItem(LAST_SCREEN_ITEM) ?? 'null');
const keptPaths = () => kept()?.screens.map((screen) => screen.path);
/** The app at `path` showing `html` in #root. */
function showing(path: string, html: string) {
  window.history.pushState({}, '', path);
  (document.getElementById('root') as HTMLElement).innerHTML = html;
}

describe('the kept screens', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="root"><main><h2>Що сьогодні</h2></main></div>' +
      '<link rel="stylesheet" href="/assets/signed-in-abc.css">';
    setTokenSource(() => 'token-1');
  });
  afterEach(() => {
    localStorage.clear();
    setTokenSource(() => null);
    delete (window as { __showApp?: () => void }).__showApp;
    window.history.pushState({}, '', '/');
  });

  it("keeps #root's markup at its address with the session, the Kyiv day and the linked style sheets", () => {
    window.history.pushState({}, '', '/uk');
    rememberScreen();
    expect(kept()).toEqual({
      session: sessionMark('Bearer token-1'),
      day: kyivDay(),
      screens: [{ path: '/uk', html: '<main><h2>Що сьогодні</h2></main>', sheets: ['assets/signed-in-abc.css'] }],
    });
  });

  it("keeps today's latest screens of this session, one per address, the latest first", () => {
    showing('/uk', '<h2>Що сьогодні</h2>');
    rememberScreen();
    showing('/uk/learn/c1/3', '<h1>Урок 3</h1>');
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk/learn/c1/3', '/uk']);
    // Home again, as it is now: one copy of it, first.
    showing('/uk', '<h2>Що сьогодні</h2><p>Урок 3 прочитано</p>');
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk', '/uk/learn/c1/3']);
    expect(kept()?.screens[0]?.html).toContain('Урок 3 прочитано');
    // Not every page ever read: the oldest goes.
    for (const day of ['4', '5', '6']) {
      showing(`/uk/learn/c1/${day}`, `<h1>Урок ${day}</h1>`);
      rememberScreen();
    }
    expect(keptPaths()).toEqual(['/uk/learn/c1/6', '/uk/learn/c1/5', '/uk/learn/c1/4']);
    expect(LAST_SCREENS_KEPT).toBe(3);
  });

  it('starts afresh for another session or another day, and over what an older build kept', () => {
    showing('/uk', '<h2>Що сьогодні</h2>');
    rememberScreen();
    setTokenSource(() => 'token-2');
    showing('/uk/learn/c1/3', '<h1>Урок 3</h1>');
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk/learn/c1/3']);
    expect(kept()?.session).toBe(sessionMark('Bearer token-2'));

    localStorage.setItem(LAST_SCREEN_ITEM, JSON.stringify({ ...kept(), day: '2000-01-01' }));
    showing('/uk', '<h2>Що сьогодні</h2>');
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk']);
    expect(kept()?.day).toBe(kyivDay());

    localStorage.setItem(
      LAST_SCREEN_ITEM,
      JSON.stringify({ session: 'x', day: kyivDay(), html: '<p>1</p>', sheets: [] }),
    );
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk']);
    localStorage.setItem(LAST_SCREEN_ITEM, '{not json');
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk']);
  });

  it('keeps this screen alone when the storage is too full for the others', () => {
    showing('/uk', '<h2>Що сьогодні</h2>');
    rememberScreen();
    showing('/uk/learn/c1/3', '<h1>Урок 3</h1>');
    const setItem = Storage.prototype.setItem;
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (JSON.parse(value).screens.length > 1) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    try {
      rememberScreen();
    } finally {
      spy.mockRestore();
    }
    expect(keptPaths()).toEqual(['/uk/learn/c1/3']);
  });

  it('marks the session without keeping its token: one mark per token, another for another', () => {
    rememberScreen();
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).not.toContain('token-1');
    expect(sessionMark('Bearer token-1')).toBe(sessionMark('Bearer token-1'));
    expect(sessionMark('Bearer token-1')).not.toBe(sessionMark('Bearer token-2'));
    expect(sessionMark('Bearer token-1')).toMatch(/^[0-9a-z]{1,7}$/);
  });

  it('keeps nothing without a session, or while the painted copy still stands in for the app', () => {
    setTokenSource(() => null);
    rememberScreen();
    expect(kept()).toBeNull();
    setTokenSource(() => 'token-1');
    (document.getElementById('root') as HTMLElement).hidden = true;
    rememberScreen();
    expect(kept()).toBeNull();
  });

  it('counts days on the Kyiv calendar: 22:30 UTC in winter is already tomorrow there', () => {
    expect(kyivDay(Date.UTC(2026, 10, 27, 21, 59))).toBe('2026-11-27');
    expect(kyivDay(Date.UTC(2026, 10, 27, 22, 30))).toBe('2026-11-28');
    // The contract's Kyiv calendar, across both daylight-saving switches and a year's end.
    for (const instant of [
      Date.UTC(2026, 2, 28, 21, 59),
      Date.UTC(2026, 2, 28, 22, 1),
      Date.UTC(2026, 2, 29, 21, 1),
      Date.UTC(2026, 9, 24, 20, 59),
      Date.UTC(2026, 9, 24, 21, 1),
      Date.UTC(2026, 11, 31, 22, 1),
    ])
      expect(kyivDay(instant)).toBe(kyivIsoDate(instant));
  });

  it('sign-out forgets them, and says whether anything was kept', () => {
    rememberScreen();
    expect(forgetScreen()).toBe(true);
    expect(kept()).toBeNull();
    expect(forgetScreen()).toBe(false);
  });

  it('does not keep a screen too long for the storage it shares; the others stay', () => {
    showing('/uk', '<h2>Що сьогодні</h2>');
    rememberScreen();
    showing('/uk/learn/c1/3', `<p>${'а'.repeat(LAST_SCREEN_MAX_CHARS)}</p>`);
    rememberScreen();
    expect(keptPaths()).toEqual(['/uk']);
  });

  it('showApp hands over to the app where the page painted a copy, and does nothing where it did not', () => {
    expect(showApp()).toBe(false);
    const show = vi.fn();
    (window as { __showApp?: () => void }).__showApp = show;
    expect(showApp()).toBe(true);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
