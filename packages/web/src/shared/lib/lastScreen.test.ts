import { kyivIsoDate } from '@yedyni/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../api/client';
import {
  forgetScreen,
  kyivDay,
  LAST_SCREEN_ITEM,
  type LastScreen,
  rememberScreen,
  sessionMark,
  showApp,
} from './lastScreen';

// What the page's scripts (build/pageScripts.ts: earlyStart, lastScreenFirst) paint is checked in
// e2e/home-first-paint.e2e.ts; here, what the app keeps for them.
const kept = (): LastScreen | null => JSON.parse(localStorage.getItem(LAST_SCREEN_ITEM) ?? 'null');

describe('the kept home screen', () => {
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
  });

  it("keeps #root's markup with the session, the Kyiv day and the linked style sheets", () => {
    rememberScreen();
    expect(kept()).toEqual({
      session: sessionMark('Bearer token-1'),
      day: kyivDay(),
      html: '<main><h2>Що сьогодні</h2></main>',
      sheets: ['assets/signed-in-abc.css'],
    });
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

  it('sign-out forgets it', () => {
    rememberScreen();
    forgetScreen();
    expect(kept()).toBeNull();
  });

  it('showApp hands over to the app where the page painted a copy, and does nothing where it did not', () => {
    expect(() => showApp()).not.toThrow();
    const show = vi.fn();
    (window as { __showApp?: () => void }).__showApp = show;
    showApp();
    expect(show).toHaveBeenCalledTimes(1);
  });
});
