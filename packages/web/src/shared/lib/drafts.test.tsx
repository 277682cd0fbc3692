import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_TTL_MS, DRAFT_WRITE_DELAY_MS, DraftOwner, pruneDrafts, useDraft } from './drafts';
import { LAST_SCREEN_ITEM } from './lastScreen';

const as = (userId: string | null) =>
  function Owner({ children }: { children: ReactNode }) {
    return <DraftOwner userId={userId}>{children}</DraftOwner>;
  };

const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw).value;
};

afterEach(() => vi.useRealTimers());

describe('useDraft', () => {
  it('writes the text 300 ms after the last change, not before', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDraft('comment', 'ex-1', ''), { wrapper: as('u-1') });
    act(() => result.current.set('При'));
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS - 1));
    expect(localStorage.getItem('draft:u-1:comment:ex-1')).toBeNull();
    act(() => result.current.set('Привіт'));
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS - 1));
    expect(localStorage.getItem('draft:u-1:comment:ex-1')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(stored('draft:u-1:comment:ex-1')).toBe('Привіт');
  });

  it('writes at once when the page is hidden or left', () => {
    const { result } = renderHook(() => useDraft('chat', 'c-1:1', ''), { wrapper: as('u-1') });
    act(() => result.current.set('Ще пишу'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(stored('draft:u-1:chat:c-1:1')).toBe('Ще пишу');

    act(() => result.current.set('Ще пишу, і ще'));
    window.dispatchEvent(new Event('pagehide'));
    expect(stored('draft:u-1:chat:c-1:1')).toBe('Ще пишу, і ще');
  });

  it('restores the draft of the same user, and never shows it to another user of the browser', () => {
    const mine = renderHook(() => useDraft('diary', 'c-1:1', ''), { wrapper: as('u-1') });
    act(() => mine.result.current.set('Мій щоденник'));
    mine.unmount();

    const theirs = renderHook(() => useDraft('diary', 'c-1:1', ''), { wrapper: as('u-2') });
    expect(theirs.result.current.value).toBe('');
    expect(theirs.result.current.restored).toBe(false);
    theirs.unmount();

    const signedOut = renderHook(() => useDraft('diary', 'c-1:1', ''), { wrapper: as(null) });
    expect(signedOut.result.current.value).toBe('');
    act(() => signedOut.result.current.set('Без входу'));
    signedOut.unmount();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual(['draft:u-1:diary:c-1:1']);

    const again = renderHook(() => useDraft('diary', 'c-1:1', ''), { wrapper: as('u-1') });
    expect(again.result.current.value).toBe('Мій щоденник');
    expect(again.result.current.restored).toBe(true);
  });

  it('a text back to the base is no draft', () => {
    const { result, unmount } = renderHook(() => useDraft('comment', 'cm-1', 'Як було'), { wrapper: as('u-1') });
    act(() => result.current.set('Як було, і нове'));
    act(() => result.current.set('Як було'));
    unmount();
    expect(localStorage.getItem('draft:u-1:comment:cm-1')).toBeNull();
  });

  it('clear (sent) forgets the draft, a pending write included, and takes a new base', () => {
    vi.useFakeTimers();
    localStorage.setItem('draft:u-1:lesson:c-1:2', JSON.stringify({ at: Date.now(), value: 'Чернетка' }));
    const { result, unmount } = renderHook(() => useDraft('lesson', 'c-1:2', 'Збережене'), { wrapper: as('u-1') });
    expect(result.current.value).toBe('Чернетка');
    act(() => result.current.set('Чернетка, довша'));
    act(() => result.current.clear('Чернетка, довша'));
    act(() => vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS * 2));
    expect(localStorage.getItem('draft:u-1:lesson:c-1:2')).toBeNull();
    expect(result.current).toMatchObject({ value: 'Чернетка, довша', restored: false });
    // The new base: the saved text is no draft any more.
    unmount();
    expect(localStorage.getItem('draft:u-1:lesson:c-1:2')).toBeNull();
  });

  it('discard goes back to the base and forgets the draft', () => {
    localStorage.setItem('draft:u-1:comment:cm-1', JSON.stringify({ at: Date.now(), value: 'Чернетка' }));
    const { result } = renderHook(() => useDraft('comment', 'cm-1', 'Як було'), { wrapper: as('u-1') });
    expect(result.current.restored).toBe(true);
    act(() => result.current.discard());
    expect(result.current).toMatchObject({ value: 'Як було', restored: false });
    expect(localStorage.getItem('draft:u-1:comment:cm-1')).toBeNull();
  });

  it('drops drafts older than 30 days, and ones of another shape', () => {
    const old = Date.now() - DRAFT_TTL_MS - 1;
    localStorage.setItem('draft:u-1:comment:a', JSON.stringify({ at: old, value: 'Давня' }));
    localStorage.setItem('draft:u-2:comment:b', JSON.stringify({ at: old, value: 'Теж давня' }));
    localStorage.setItem('draft:u-1:comment:c', JSON.stringify({ at: Date.now(), value: 'Свіжа' }));
    localStorage.setItem('persist:auth', '{}');
    expect(pruneDrafts()).toBe(2);
    expect(Object.keys(localStorage).sort()).toEqual(['draft:u-1:comment:c', 'persist:auth']);

    localStorage.setItem('draft:u-1:comment:a', JSON.stringify({ at: old, value: 'Давня' }));
    const expired = renderHook(() => useDraft('comment', 'a', ''), { wrapper: as('u-1') });
    expect(expired.result.current).toMatchObject({ value: '', restored: false });
    expect(localStorage.getItem('draft:u-1:comment:a')).toBeNull();

    const revived = renderHook(() => useDraft('comment', 'c', 0), { wrapper: as('u-1') });
    expect(revived.result.current).toMatchObject({ value: 0, restored: false });
  });

  it('a full storage never breaks typing; expired drafts make room for the new one', () => {
    const { result, unmount } = renderHook(() => useDraft('homework', 'c-1:1', ''), { wrapper: as('u-1') });
    const expired = 'draft:u-9:comment:x';
    localStorage.setItem(expired, JSON.stringify({ at: Date.now() - DRAFT_TTL_MS - 1, value: 'Давня' }));
    const setItem = Storage.prototype.setItem;
    // Full while the expired draft takes the room.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (this.getItem(expired) !== null) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    act(() => result.current.set('Текст'));
    expect(() => unmount()).not.toThrow();
    expect(result.current.value).toBe('Текст');
    expect(localStorage.getItem(expired)).toBeNull();
    expect(stored('draft:u-1:homework:c-1:1')).toBe('Текст');
  });

  it('a full storage gives up the kept screens for a draft', () => {
    const { result, unmount } = renderHook(() => useDraft('homework', 'c-1:2', ''), { wrapper: as('u-1') });
    localStorage.setItem(LAST_SCREEN_ITEM, JSON.stringify({ session: 's', day: '2026-11-27', screens: [] }));
    const setItem = Storage.prototype.setItem;
    // Full while the kept screens take the room.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (this.getItem(LAST_SCREEN_ITEM) !== null)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    act(() => result.current.set('Текст'));
    unmount();
    expect(localStorage.getItem(LAST_SCREEN_ITEM)).toBeNull();
    expect(stored('draft:u-1:homework:c-1:2')).toBe('Текст');
  });

  it('a storage full of fresh data keeps the text on screen only', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { result, unmount } = renderHook(() => useDraft('homework', 'c-1:1', ''), { wrapper: as('u-1') });
    act(() => result.current.set('Текст'));
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(result.current.value).toBe('Текст');
    expect(() => unmount()).not.toThrow();
    expect(localStorage.getItem('draft:u-1:homework:c-1:1')).toBeNull();
  });

  it('a storage that refuses everything leaves the text on screen', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { result, unmount } = renderHook(() => useDraft('homework', 'c-1:1', ''), { wrapper: as('u-1') });
    act(() => result.current.set('Текст'));
    expect(result.current.value).toBe('Текст');
    expect(() => unmount()).not.toThrow();
  });
});
