import { type ChatMessage, kyivIsoDate } from '@yedyni/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import buttons from '../../../shared/ui/buttons.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import { chatTexts as t } from '../texts';
import type { ChatViewer } from '../types';
import type { HistoryView } from '../useChatRoom';
import styles from './ChatPanel.module.css';
import { MessageItem } from './MessageItem';

interface MessageListProps {
  /** Newest first, as the store keeps them. */
  messages: ChatMessage[];
  viewer: ChatViewer;
  view: HistoryView;
  /** The history's anchor is known: older pages can be asked for. */
  anchored: boolean;
  editingId: string | null;
  onLoadOlder: () => void;
  onRetry: () => void;
  onEdit: (message: ChatMessage) => void;
  onRemove: (message: ChatMessage) => Promise<unknown>;
  onReport?: ((message: ChatMessage) => void) | undefined;
  onPin?: ((message: ChatMessage) => void) | undefined;
  onMute?: ((message: ChatMessage) => void) | undefined;
}

/** A message's distance from the top of the scrolling view, or null when it is not in the list. */
function topInView(scroller: HTMLElement, messageId: string): number | null {
  if (!messageId) return null;
  const node = [...scroller.querySelectorAll<HTMLElement>('[data-message-id]')].find(
    (item) => item.dataset.messageId === messageId,
  );
  return node ? node.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
}

/** The first (oldest) message in the list and its distance from the top of the view. */
function topMessage(scroller: HTMLElement): { id: string; top: number } | null {
  const node = scroller.querySelector<HTMLElement>('[data-message-id]');
  const id = node?.dataset.messageId;
  return node && id ? { id, top: node.getBoundingClientRect().top - scroller.getBoundingClientRect().top } : null;
}

/** How close to the bottom still counts as «at the bottom», in pixels. */
const BOTTOM_SLACK = 48;

/**
 * The conversation, oldest at the top, grouped by Kyiv day. New messages keep the view at the
 * bottom when it was there (always for one's own); older pages load when the top comes near and
 * keep in place what the reader sees.
 */
export function MessageList({
  messages,
  viewer,
  view,
  anchored,
  editingId,
  onLoadOlder,
  onRetry,
  onEdit,
  onRemove,
  onReport,
  onPin,
  onMute,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const newestId = useRef('');
  /** The top message and where it stood in the view, to put it back there after changes above it. */
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const [unseen, setUnseen] = useState(false);

  const ordered = useMemo(() => [...messages].reverse(), [messages]);
  const days = useMemo(() => {
    const groups: { day: string; date: number; items: ChatMessage[] }[] = [];
    for (const message of ordered) {
      const day = kyivIsoDate(message.date);
      let group = groups.at(-1);
      if (group?.day !== day) {
        group = { day, date: message.date, items: [] };
        groups.push(group);
      }
      group.items.push(message);
    }
    return groups;
  }, [ordered]);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(false);
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    anchor.current = topMessage(el);
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (atBottom.current) setUnseen(false);
  };

  // Before paint: follow new messages at the bottom; otherwise keep the top message where the
  // reader saw it, whatever came or went above it (older pages, the spinner, a notice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the spinner and notices above move the top message too.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const newestMessage = ordered.at(-1);
    const newest = newestMessage?._id ?? '';
    const before = newestId.current;
    if (newest !== before) {
      if (atBottom.current || before === '' || newestMessage?.sender._id === viewer._id) {
        el.scrollTop = el.scrollHeight;
        atBottom.current = true;
      } else if (newest) {
        setUnseen(true);
      }
    } else if (anchor.current) {
      const now = topInView(el, anchor.current.id);
      if (now !== null) el.scrollTop += now - anchor.current.top;
    }
    newestId.current = newest;
    anchor.current = topMessage(el);
  }, [ordered, viewer._id, view.loadingOlder, view.olderFailed, view.done]);

  // Images that load, edits, a keyboard that opens: stay at the bottom if the reader was there.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // Older pages when the top comes near. A new observer after every page reports at once if the
  // top is still in sight (a short page), so the list fills the panel.
  const canLoadOlder = anchored && ordered.length > 0 && !view.done && !view.loadingOlder && !view.olderFailed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a reason to look again.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!canLoadOlder || !root || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: '240px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadOlder, onLoadOlder, ordered.length]);

  const empty = ordered.length === 0;
  return (
    <div className={styles.listWrap}>
      <div
        ref={scroller}
        className={styles.scroller}
        role="log"
        aria-label={t.messages}
        aria-busy={view.starting || view.loadingOlder}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        onScroll={onScroll}
      >
        <div ref={content} className={styles.content}>
          <div ref={sentinel} className={styles.sentinel} />
          {view.loadingOlder && <Spinner compact label={t.loadingOlder} />}
          {view.olderFailed && (
            <p className={styles.problem}>
              {view.olderFailed}{' '}
              <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onLoadOlder}>
                {t.retry}
              </button>
            </p>
          )}
          {view.done && !empty && <p className={styles.beginning}>{t.beginning}</p>}
          {empty && view.starting && <Spinner compact label={t.loading} />}
          {empty && view.startFailed && (
            <p className={styles.problem}>
              {view.startFailed}{' '}
              <button type="button" className={`${buttons.text} ${buttons.small}`} onClick={onRetry}>
                {t.retry}
              </button>
            </p>
          )}
          {empty && !view.starting && !view.startFailed && !view.loadingOlder && view.done && (
            <p className={styles.emptyRoom}>{t.empty}</p>
          )}
          {days.map((group) => (
            <div key={group.day} className={styles.dayGroup}>
              <h3 className={styles.day}>
                <span>{t.day(group.date)}</span>
              </h3>
              <ol className={`${layout.list} ${styles.list}`}>
                {group.items.map((message) => (
                  <MessageItem
                    key={message._id}
                    message={message}
                    own={message.sender._id === viewer._id}
                    mayDelete={message.sender._id === viewer._id || viewer.canModerateChat}
                    editing={message._id === editingId}
                    onEdit={onEdit}
                    onRemove={onRemove}
                    onReport={onReport}
                    onPin={onPin}
                    onMute={onMute}
                  />
                ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
      {unseen && (
        <button type="button" className={styles.newBelow} onClick={toBottom}>
          {t.newBelow} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}
