import type {
  ChatMessage,
  ChatMuteInput,
  ChatMuteView,
  ChatReportInput,
  ChatReports,
  ChatRoomState,
} from '@yedyni/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, request } from '../../shared/api';
import { onRealtime } from '../../shared/realtime';
import { useChatDispatch } from './hooks';
import { hideMessage, showMessage } from './slice';
import type { ChatRoomRef, ChatViewer } from './types';

const segment = encodeURIComponent;
const roomQuery = ({ courseId, wave }: ChatRoomRef) => `courseId=${segment(courseId)}&wave=${segment(wave)}`;

/** The chat's moderation calls (server chat/routes.ts); failures reject with the Ukrainian message. */
export const moderationApi = {
  state: (room: ChatRoomRef) => request<ChatRoomState>('GET', `/chats/state?${roomQuery(room)}`),
  report: (messageId: string, body: ChatReportInput) =>
    request<{ hidden: boolean }>('POST', `/chats/messages/${segment(messageId)}/reports`, body),
  reports: () => request<ChatReports>('GET', '/chats/reports'),
  keep: (messageId: string) => request<ChatMessage>('POST', `/chats/messages/${segment(messageId)}/keep`),
  remove: (messageId: string) => request<{ _id: string }>('DELETE', `/chats/messages/${segment(messageId)}`),
  mute: (body: ChatMuteInput) => request<ChatMuteView>('POST', '/chats/mutes', body),
  unmute: (body: ChatRoomRef & { userId: string }) => request<null>('POST', '/chats/mutes/remove', body),
  slow: (room: ChatRoomRef, seconds: number) => request<ChatRoomState>('PUT', '/chats/slow', { ...room, seconds }),
  pin: (room: ChatRoomRef, messageId: string | null) =>
    request<ChatRoomState>('PUT', '/chats/pin', { ...room, messageId }),
};

const noState = (room: ChatRoomRef): ChatRoomState => ({
  ...room,
  pinned: null,
  slowSeconds: 0,
  mute: null,
  nextSendAt: null,
});

/**
 * A room's moderation while its chat is open: the pinned message, slow mode and the reader's own
 * mute, kept current by the room's events (and read again at every connection).
 */
export function useRoomModeration(room: ChatRoomRef, viewer: ChatViewer) {
  const dispatch = useChatDispatch();
  const { courseId, wave } = room;
  const [state, setState] = useState<ChatRoomState>(() => noState({ courseId, wave }));
  const [problem, setProblem] = useState('');

  const alive = useRef(true);
  const load = useCallback(
    () =>
      moderationApi.state({ courseId, wave }).then(
        (next) => alive.current && setState(next),
        () => {},
      ),
    [courseId, wave],
  );

  useEffect(() => {
    alive.current = true;
    const inRoom = (event: ChatRoomRef) => event.courseId === courseId && event.wave === wave;
    const stops = [
      onRealtime('connect', () => {
        load();
      }),
      onRealtime('chat:room', (change) => {
        if (inRoom(change)) setState((now) => ({ ...now, pinned: change.pinned, slowSeconds: change.slowSeconds }));
      }),
      onRealtime('chat:mute', (change) => {
        if (inRoom(change)) setState((now) => ({ ...now, mute: change.mute }));
      }),
      onRealtime('chat:hidden', (hidden) => {
        if (!inRoom(hidden)) return;
        dispatch(hideMessage({ _id: hidden._id, viewerId: viewer._id, moderator: viewer.canModerateChat }));
        if (!viewer.canModerateChat) {
          setState((now) =>
            now.pinned?._id === hidden._id && now.pinned.sender._id !== viewer._id ? { ...now, pinned: null } : now,
          );
        }
      }),
      onRealtime('chat:shown', (message) => {
        if (inRoom(message)) dispatch(showMessage(message));
      }),
      onRealtime('chat:deleted', ({ _id }) => {
        setState((now) => (now.pinned?._id === _id ? { ...now, pinned: null } : now));
      }),
    ];
    load();
    return () => {
      alive.current = false;
      for (const stop of stops) stop();
    };
  }, [dispatch, courseId, wave, viewer, load]);

  /** Runs a curator's change; its answer (the room's new state) replaces the state. */
  const act = useCallback(async (change: () => Promise<ChatRoomState | unknown>) => {
    try {
      const answer = await change();
      if (answer && typeof answer === 'object' && 'slowSeconds' in answer) setState(answer as ChatRoomState);
      setProblem('');
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    }
  }, []);

  return { state, setState, problem, setProblem, act, reload: load };
}
