import { renderHook } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from '../api/client';
import { LAST_SCREEN_ITEM } from './lastScreen';
import { useScreenShown } from './useScreenShown';

// The whole handover in Chromium: e2e/first-paint.e2e.ts.
describe('useScreenShown', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><h1 tabindex="-1">Урок 3</h1></div>';
    setTokenSource(() => 'token-1');
  });
  afterEach(() => {
    localStorage.clear();
    setTokenSource(() => null);
    delete (window as { __showApp?: () => void }).__showApp;
  });

  it('hands over from the painted copy once shown, and gives the focus then', () => {
    const show = vi.fn(() => delete (window as { __showApp?: () => void }).__showApp);
    (window as { __showApp?: () => void }).__showApp = show;
    const heading = createRef<HTMLElement>();
    (heading as { current: HTMLElement | null }).current = document.querySelector('h1');
    const { rerender } = renderHook(({ shown }) => useScreenShown(shown, null, heading), {
      initialProps: { shown: false },
    });
    expect(show).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
    rerender({ shown: true });
    expect(show).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(heading.current);
  });

  it('takes no focus where nothing was painted', () => {
    const heading = createRef<HTMLElement>();
    (heading as { current: HTMLElement | null }).current = document.querySelector('h1');
    renderHook(() => useScreenShown(true, null, heading));
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps the screen when idle while there is something to keep, and not otherwise', async () => {
    vi.useFakeTimers();
    try {
      const { rerender } = renderHook(({ keep }) => useScreenShown(true, keep), {
        initialProps: { keep: null as unknown },
      });
      await vi.advanceTimersByTimeAsync(5000);
      expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
      rerender({ keep: '/uk' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(localStorage.getItem(LAST_SCREEN_ITEM)).toContain('Урок 3');
    } finally {
      vi.useRealTimers();
    }
  });
});
