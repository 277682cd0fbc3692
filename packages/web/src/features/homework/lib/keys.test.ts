import { describe, expect, it } from 'vitest';
import { isTyping, reviewAction } from './keys';

const press = (key: string, extra: Partial<Parameters<typeof reviewAction>[0]> = {}) =>
  reviewAction({ key, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

describe('the review keyboard', () => {
  it('maps J/K and the arrows to next and previous', () => {
    expect(press('j')).toEqual({ kind: 'next' });
    expect(press('ArrowRight')).toEqual({ kind: 'next' });
    expect(press('K')).toEqual({ kind: 'previous' });
    expect(press('ArrowLeft')).toEqual({ kind: 'previous' });
  });

  it('gives every mark 1–12 a single key', () => {
    const marks = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='].map((k) => press(k));
    expect(marks).toEqual(Array.from({ length: 12 }, (_, i) => ({ kind: 'rate', rating: i + 1 })));
  });

  it('keeps quiet while typing, except Ctrl+Enter which sends', () => {
    expect(press('7', { typing: true })).toBeNull();
    expect(press('j', { typing: true })).toBeNull();
    expect(press('Enter', { typing: true, ctrlKey: true })).toEqual({ kind: 'send' });
    expect(press('Enter', { typing: true, metaKey: true })).toEqual({ kind: 'send' });
    expect(press('Enter', { typing: true })).toBeNull();
    expect(press('r', { ctrlKey: true })).toBeNull();
  });

  it('focuses the comment with C (either layout) and opens the help with ?', () => {
    expect(press('c')).toEqual({ kind: 'comment' });
    expect(press('с')).toEqual({ kind: 'comment' });
    expect(press('?')).toEqual({ kind: 'help' });
    expect(press('x')).toBeNull();
  });

  it('tells text fields from buttons', () => {
    const text = document.createElement('textarea');
    const input = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTyping(text)).toBe(true);
    expect(isTyping(input)).toBe(true);
    expect(isTyping(box)).toBe(false);
    expect(isTyping(document.createElement('button'))).toBe(false);
  });
});
