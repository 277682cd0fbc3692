import type { ChatAck, ChatMessage } from '@yedyni/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { isRealtimeOnline, onRealtime, sendRealtime } from '../../shared/realtime';
import { useChatDispatch, useChatSelector } from './hooks';
import {
  addMessage,
  deleteMessage,
  fetchMessages,
  openChat,
  resetChat,
  selectChat,
  setEditingMessage,
  updateMessage,
} from './slice';
import { CHAT_PAGE_SIZE, chatTexts as t } from './texts';
import type { ChatRootState } from './types';

export interface ChatRoomProps {
  courseId: string;
  wave: string;
  title: string;
}

/** Where the history stands, for the screen. */
export interface HistoryView {
  /** The first page (the anchor) is on its way. */
  starting: boolean;
  /** Why the first page failed; '' when it did not. */
  startFailed: string;
  /** An older page is on its way. */
  loadingOlder: boolean;
  /** Every older page is loaded. */
  done: boolean;
  /** Why an older page failed; '' when it did not. */
  olderFailed: string;
}

const startView: HistoryView = { starting: true, startFailed: '', loadingOlder: false, done: false, olderFailed: '' };

/**
 * The chat of one course wave while its panel is open: joins the room whenever the connection is
 * up (again), ignores other rooms' events, and pages the history from an anchor (docs/domain.md «Chat»):
 * page 1 without an anchor gives the anchor, then pages 1, 2, … up to it, until one is short.
 * After a reconnection the list is loaded afresh from a new anchor, so nothing missed stays missing.
 */
export function useChatRoom({ courseId, wave, title }: ChatRoomProps) {
  const dispatch = useChatDispatch();
  const { getState } = useStore<ChatRootState>();
  const anchor = useChatSelector((state) => selectChat(state).firstMessageDate);
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<HistoryView>(startView);
  const [joinError, setJoinError] = useState('');
  /** The paging of the current generation; a generation is one join of the room. */
  const paging = useRef({ generation: 0, nextPage: 1, busy: false, done: false });
  const current = useRef({ dispatch, getState, courseId, wave, title });
  current.current = { dispatch, getState, courseId, wave, title };
  /** Joins the room again, then starts afresh (the effect below sets it). */
  const rejoin = useRef<() => void>(() => {});

  // Shown while mounted; forgotten when the panel goes.
  useEffect(() => {
    dispatch(openChat({ courseTitle: title, courseWave: wave }));
    return () => {
      dispatch(resetChat());
    };
  }, [dispatch, title, wave]);

  /** A fresh list: reset (keeping the panel open and the message being edited), then the anchor. */
  const start = useCallback(async () => {
    const { dispatch, getState, courseId, wave, title } = current.current;
    const gen = paging.current.generation + 1;
    paging.current = { generation: gen, nextPage: 1, busy: false, done: false };
    const editing = selectChat(getState()).editingMessage;
    dispatch(resetChat());
    dispatch(openChat({ courseTitle: title, courseWave: wave }));
    if (editing) dispatch(setEditingMessage(editing));
    setView(startView);
    setGeneration(gen);
    const result = await dispatch(fetchMessages({ courseId, wave, page: 1, limit: CHAT_PAGE_SIZE }));
    if (paging.current.generation !== gen) return;
    if (fetchMessages.rejected.match(result)) {
      setView((v) => ({ ...v, starting: false, startFailed: result.payload ?? t.loadFailed }));
      return;
    }
    // An empty room has no anchor yet: nothing older to page until a first message comes.
    const empty = result.payload.firstMessageDate === null;
    setView((v) => ({ ...v, starting: false, done: v.done || empty }));
  }, []);

  /** The next older page of the current anchor; nothing while one is on its way or all are in. */
  const loadOlder = useCallback(async () => {
    const p = paging.current;
    if (anchor === null || p.busy || p.done || p.generation === 0) return;
    const { dispatch, courseId, wave } = current.current;
    const gen = p.generation;
    p.busy = true;
    setView((v) => ({ ...v, loadingOlder: true, olderFailed: '' }));
    const result = await dispatch(
      fetchMessages({ courseId, wave, page: p.nextPage, limit: CHAT_PAGE_SIZE, firstMessageDate: anchor }),
    );
    if (paging.current.generation !== gen) return;
    p.busy = false;
    if (fetchMessages.rejected.match(result)) {
      setView((v) => ({ ...v, loadingOlder: false, olderFailed: result.payload ?? t.loadFailed }));
      return;
    }
    p.nextPage += 1;
    p.done = result.payload.messages.length < CHAT_PAGE_SIZE;
    setView((v) => ({ ...v, loadingOlder: false, done: p.done }));
  }, [anchor]);

  // Once the anchor is known (from page 1, or from the first live message of an empty room), the
  // first anchored page follows; later pages come as the reader scrolls up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation starts its pages anew.
  useEffect(() => {
    if (anchor === null || generation === 0) return;
    paging.current.done = false;
    setView((v) => ({ ...v, done: false }));
    loadOlder();
  }, [anchor, generation]);

  // Live events of this room, and a join at every (re)connection.
  useEffect(() => {
    const inRoom = (message: ChatMessage) => message.courseId === courseId && message.wave === wave;
    let alive = true;
    const join = async () => {
      const ack = await sendRealtime('chat:join', { courseId, wave });
      if (!alive) return;
      if (!ack.ok) {
        setJoinError(ack.message);
        setView((v) => ({ ...v, starting: false }));
        return;
      }
      setJoinError('');
      start();
    };
    rejoin.current = () => {
      setJoinError('');
      setView(startView);
      join();
    };
    const stops = [
      onRealtime('chat:message', (message) => {
        if (inRoom(message)) dispatch(addMessage(message));
      }),
      onRealtime('chat:updated', (message) => {
        if (inRoom(message)) dispatch(updateMessage(message));
      }),
      onRealtime('chat:deleted', ({ _id }) => dispatch(deleteMessage(_id))),
      onRealtime('connect', () => {
        join();
      }),
    ];
    if (isRealtimeOnline()) join();
    return () => {
      alive = false;
      for (const stop of stops) stop();
      sendRealtime('chat:leave', { courseId, wave });
    };
  }, [dispatch, courseId, wave, start]);

  /** Sends a new message (text and/or an uploaded file); resolves with the server's answer. */
  const send = useCallback(
    async (text: string, file: { fileURL: string; fileType: string; fileName: string } | null): Promise<ChatAck> => {
      const ack = await sendRealtime('chat:send', { courseId, wave, text, ...(file ?? {}) });
      if (ack.ok && ack.message) dispatch(addMessage(ack.message));
      return ack;
    },
    [dispatch, courseId, wave],
  );

  const edit = useCallback(
    async (messageId: string, text: string): Promise<ChatAck> => {
      const ack = await sendRealtime('chat:edit', { messageId, text });
      if (ack.ok && ack.message) dispatch(updateMessage(ack.message));
      return ack;
    },
    [dispatch],
  );

  const remove = useCallback(
    async (messageId: string): Promise<ChatAck> => {
      const ack = await sendRealtime('chat:delete', { messageId });
      if (ack.ok) dispatch(deleteMessage(messageId));
      return ack;
    },
    [dispatch],
  );

  const retry = useCallback(() => rejoin.current(), []);

  return { view, joinError, loadOlder, retry, send, edit, remove };
}
