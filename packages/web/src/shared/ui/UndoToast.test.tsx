import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UndoToast } from './UndoToast';

describe('UndoToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers «Скасувати» for its time, then says the step is final, once; an undo in time is passed on', () => {
    const onUndo = vi.fn();
    const onExpire = vi.fn();
    const { rerender } = render(
      <UndoToast message="Оцінку 9 з 12 виставлено" onUndo={onUndo} onExpire={onExpire} durationMs={9_000} />,
    );
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Оцінку 9 з 12 виставлено');
    // It does not take the focus from what the person was doing.
    expect(document.activeElement).toBe(document.body);

    act(() => {
      vi.advanceTimersByTime(8_999);
    });
    // A new callback from the parent does not restart the time.
    rerender(
      <UndoToast message="Оцінку 9 з 12 виставлено" onUndo={onUndo} onExpire={() => onExpire()} durationMs={9_000} />,
    );
    screen.getByRole('button', { name: 'Скасувати' }).click();
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
