import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The gate is read when the module loads (as the entry chunk does after index.html's head
// script), so each case loads a fresh copy with or without `window.__early`.
async function freshWhenIdle(early: 'none' | 'signed in' | 'screen') {
  vi.resetModules();
  if (early === 'none') delete (window as { __early?: object }).__early;
  // A stored session on a /uk address: the screen's data is asked for only on home and a lesson.
  else (window as { __early?: object }).__early = early === 'screen' ? { '/courses/today': {} } : {};
  return import('./whenIdle');
}

describe('whenIdle', () => {
  beforeEach(() => {
    // The test setup's idle moments are timers (src/test/setup.ts): those and frames are faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { __early?: object }).__early;
  });

  it.each(['none', 'signed in'] as const)(
    'runs at the next idle moment when no screen was started early (%s)',
    async (early) => {
      const { whenIdle } = await freshWhenIdle(early);
      const task = vi.fn();
      whenIdle(task);
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(1);
    },
  );

  it("waits for an early-started screen's content, then runs at the next idle moment", async () => {
    const { whenIdle, screenShown } = await freshWhenIdle('screen');
    const task = vi.fn();
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).not.toHaveBeenCalled();
    screenShown();
    // Not in the frame that presents the content: the next idle moment after it.
    await vi.advanceTimersByTimeAsync(16);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits no longer than a few seconds for a screen that never shows', async () => {
    const { whenIdle } = await freshWhenIdle('screen');
    const task = vi.fn();
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(3900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the screen is shown', async () => {
    const { whenIdle, screenShown } = await freshWhenIdle('screen');
    const before = vi.fn();
    const after = vi.fn();
    whenIdle(before)();
    screenShown();
    await vi.advanceTimersByTimeAsync(40);
    const cancelAfter = whenIdle(after);
    await Promise.resolve();
    cancelAfter();
    await vi.advanceTimersByTimeAsync(5000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
