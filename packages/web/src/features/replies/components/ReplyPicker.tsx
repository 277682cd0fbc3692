import { MISTAKES, type SavedReply } from '@yedyni/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { repliesApi } from '../api';
import { replyTexts as t } from '../texts';
import styles from './Replies.module.css';

interface ReplyPickerProps {
  /** The chosen reply: its text goes into the comment, its tags onto it. */
  onPick: (reply: SavedReply) => void;
  disabled?: boolean;
}

const matches = (reply: SavedReply, query: string) => {
  const words = query.toLocaleLowerCase('uk').split(/\s+/).filter(Boolean);
  const haystack = `${reply.title} ${reply.text} ${reply.tags.map((tag) => MISTAKES[tag].title).join(' ')}`;
  return words.every((word) => haystack.toLocaleLowerCase('uk').includes(word));
};

/**
 * The curator's saved replies (mine, then shared) beside the comment field: a search box over a
 * list, driven by the keyboard (↑ ↓ Enter Esc) as well as the pointer. Loaded when first opened.
 */
export function ReplyPicker({ onPick, disabled }: ReplyPickerProps) {
  const [open, setOpen] = useState(false);
  const [replies, setReplies] = useState<SavedReply[] | null>(null);
  const [failure, setFailure] = useState('');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open || replies) return;
    let current = true;
    repliesApi.list().then(
      (answer) => current && setReplies(answer.replies),
      (error: unknown) => current && setFailure(errorMessage(error) || t.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [open, replies]);

  const shown = (replies ?? []).filter((reply) => matches(reply, query));
  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
    toggleRef.current?.focus();
  };
  const pick = (reply: SavedReply) => {
    onPick(reply);
    close();
  };

  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (shown.length) setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown[active];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className={styles.picker}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.pickerToggle}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        disabled={disabled}
      >
        {t.pick}
      </button>
      {open && (
        <div id={`${id}-panel`} className={styles.panel}>
          <input
            type="search"
            className={styles.search}
            aria-label={t.search}
            placeholder={t.search}
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={shown[active] ? `${id}-${shown[active]._id}` : undefined}
            aria-describedby={`${id}-hint`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={keys}
            // biome-ignore lint/a11y/noAutofocus: opening the picker is asking to type in it
            autoFocus
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t.searchHint}
          </p>
          {failure && <p className={styles.hint}>{failure}</p>}
          {!replies && !failure && <p className={styles.hint}>{t.loading}</p>}
          {replies && shown.length === 0 && <p className={styles.hint}>{replies.length ? t.noMatch : t.none}</p>}
          {shown.length > 0 && (
            <div id={`${id}-list`} role="listbox" aria-label={t.pickTitle} className={styles.options}>
              {shown.map((reply, index) => (
                // Keyboard use goes through the search box (aria-activedescendant); this is for the pointer.
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  key={reply._id}
                  id={`${id}-${reply._id}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={styles.option}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(reply)}
                >
                  <span className={styles.optionTitle}>
                    {reply.title}
                    {!reply.mine && <span className={styles.sharedMark}> · {t.shared}</span>}
                  </span>
                  <span className={styles.optionText}>{reply.text}</span>
                </div>
              ))}
            </div>
          )}
          <Link className={styles.manage} to="/uk/replies">
            {t.manage}
          </Link>
        </div>
      )}
    </div>
  );
}
