/**
 * The review screen's keyboard (shown in its «?» help): J or → next in the queue, K or ← previous,
 * 1–9 a mark of 1–9, 0 for 10, - for 11, = for 12, C the comment, Ctrl+Enter sends the comment and
 * opens the next, ? the help. Nothing but Ctrl+Enter fires while typing in a field.
 */
export type ReviewAction =
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'rate'; rating: number }
  | { kind: 'comment' }
  | { kind: 'send' }
  | { kind: 'help' };

/** The parts of a KeyboardEvent the decision needs (a plain object in tests). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element is a text field, a select or editable content. */
  typing: boolean;
}

const MARK_KEYS: Record<string, number> = { '0': 10, '-': 11, '=': 12 };

export const SHORTCUTS: readonly [string, string][] = [
  ['J / →', 'наступна робота'],
  ['K / ←', 'попередня робота'],
  ['1–9', 'оцінка 1–9'],
  ['0  -  =', 'оцінка 10, 11, 12'],
  ['C', 'до коментаря'],
  ['Ctrl+Enter', 'надіслати коментар і перейти до наступної'],
  ['?', 'ця довідка'],
];

export function reviewAction(press: KeyPress): ReviewAction | null {
  if (press.key === 'Enter' && (press.ctrlKey || press.metaKey)) return { kind: 'send' };
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey) return null;
  const key = press.key;
  if (key === 'j' || key === 'J' || key === 'ArrowRight') return { kind: 'next' };
  if (key === 'k' || key === 'K' || key === 'ArrowLeft') return { kind: 'previous' };
  if (key === 'c' || key === 'C' || key === 'с' || key === 'С') return { kind: 'comment' };
  if (key === '?') return { kind: 'help' };
  if (/^[1-9]$/.test(key)) return { kind: 'rate', rating: Number(key) };
  const mark = MARK_KEYS[key];
  return mark ? { kind: 'rate', rating: mark } : null;
}

/** Whether the element takes typed text (where single-key shortcuts must stay quiet). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file'].includes(target.type);
  }
  return false;
}
