import type { ChatAck, ClientToServerEvents, ServerToClientEvents } from '@yedyni/contract';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { whenIdle } from '../lib/whenIdle';

// The one Socket.IO connection of a signed-in user (docs/ARCHITECTURE.md «A chat message across instances»): the app starts it after
// sign-in and stops it on sign-out (app/realtime.ts); features listen and send through it.
// socket.io-client itself is loaded on start (a dynamic import), so no first screen carries it.

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * - `offline`: not started (signed out);
 * - `connecting`: the first connection is on its way;
 * - `online`: connected;
 * - `lost`: the connection broke; the client reconnects by itself;
 * - `closed`: the server refused or ended it (a revoked session) and nothing retries on its own;
 *   `reconnectRealtime` tries once more.
 */
export type RealtimeStatus = 'offline' | 'connecting' | 'online' | 'lost' | 'closed';

export const REALTIME_TEXTS = {
  notConnected: 'Немає зʼєднання з чатом. Зачекайте, доки воно відновиться, і спробуйте ще раз.',
  noAnswer: 'Сервер не відповів вчасно. Перевірте, чи повідомлення дійшло, і спробуйте ще раз.',
} as const;

/** How long an acknowledgement may take before the action counts as failed. */
const ACK_TIMEOUT_MS = 10_000;

type ServerEvent = keyof ServerToClientEvents;
type ClientEvent = keyof ClientToServerEvents;
/** Server events plus the connection's own `connect` (fired again after every reconnection). */
type Listened = ServerEvent | 'connect';
type ListenerOf<E extends Listened> = E extends ServerEvent ? ServerToClientEvents[E] : () => void;
type Loader = () => Promise<Pick<typeof import('socket.io-client'), 'io'>>;

let loading: ReturnType<Loader> | null = null;
/** socket.io-client, imported once (a failed import is tried again by the next start). */
const defaultLoader: Loader = () => {
  loading ??= import('socket.io-client').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

let socket: RealtimeSocket | null = null;
let status: RealtimeStatus = 'offline';
/** The session being started or running; 0 when stopped. A stop makes a pending start give up. */
let session = 0;
let sessions = 0;
const statusListeners = new Set<() => void>();
const listeners = new Map<Listened, Set<(...args: never[]) => void>>();

function setStatus(next: RealtimeStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

type AnyListener = (...args: unknown[]) => void;
const attach = (target: RealtimeSocket, event: Listened, listener: (...args: never[]) => void) =>
  (target as unknown as { on(event: string, listener: AnyListener): void }).on(event, listener as AnyListener);
const detach = (target: RealtimeSocket, event: Listened, listener: (...args: never[]) => void) =>
  (target as unknown as { off(event: string, listener: AnyListener): void }).off(event, listener as AnyListener);

function watch(target: RealtimeSocket): void {
  target.on('connect', () => setStatus('online'));
  target.on('connect_error', () => {
    // `active` is false when the server refused the handshake (no valid token): no retries then.
    setStatus(target.active ? (status === 'online' || status === 'lost' ? 'lost' : 'connecting') : 'closed');
  });
  target.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') setStatus('offline');
    // The server ended the session (signed out elsewhere, password reset): do not hammer it.
    else if (reason === 'io server disconnect') setStatus('closed');
    else setStatus('lost');
  });
}

/**
 * Connects with the token `getToken` gives at each (re)connection. Starting again while started
 * changes nothing. `load` is for tests.
 */
export function startRealtime(getToken: () => string | null, load: Loader = defaultLoader): void {
  if (session !== 0) return;
  sessions += 1;
  const mine = sessions;
  session = mine;
  setStatus('connecting');
  // The connection waits for the browser's idle moment: the screen on its way comes first (issue 23).
  whenIdle(() => {
    if (session === mine) connect(mine, getToken, load);
  });
}

function connect(mine: number, getToken: () => string | null, load: Loader): void {
  load().then(
    ({ io }) => {
      if (session !== mine) return;
      const created: RealtimeSocket = io({
        path: '/socket.io',
        // Asked at every (re)connection, so a reconnect carries the current token.
        auth: (cb) => cb({ token: getToken() ?? '' }),
        // WebSocket only, as the server: instances behind a balancer need no sticky sessions.
        transports: ['websocket'],
      });
      socket = created;
      watch(created);
      for (const [event, set] of listeners) for (const listener of set) attach(created, event, listener);
    },
    () => {
      // The chunk did not arrive (offline?): the chat says it is unavailable; a reload retries.
      if (session === mine) setStatus('closed');
    },
  );
}

/** Disconnects and forgets the connection (sign-out). */
export function stopRealtime(): void {
  session = 0;
  const current = socket;
  socket = null;
  if (current) {
    current.disconnect();
    current.removeAllListeners();
  }
  setStatus('offline');
}

/** After the server closed the connection: one more try, when the user asks for it. */
export function reconnectRealtime(): void {
  if (socket && !socket.connected) {
    setStatus('connecting');
    socket.connect();
  }
}

/** Listens to a server event (or `connect`) on this and every later connection; returns the way to stop. */
export function onRealtime<E extends Listened>(event: E, listener: ListenerOf<E>): () => void {
  const stored = listener as (...args: never[]) => void;
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(stored);
  if (socket) attach(socket, event, stored);
  return () => {
    listeners.get(event)?.delete(stored);
    if (socket) detach(socket, event, stored);
  };
}

/**
 * Sends a client event and resolves with its acknowledgement. Never rejects: without a connection,
 * or when no answer comes in time, it resolves `{ ok: false, message }` in Ukrainian. Nothing is
 * queued while offline, so a message the user sees failing is never delivered later behind their back.
 */
export async function sendRealtime<E extends ClientEvent>(
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<ChatAck> {
  const current = socket;
  if (!current?.connected) return { ok: false, message: REALTIME_TEXTS.notConnected };
  try {
    const timed = current.timeout(ACK_TIMEOUT_MS) as unknown as {
      emitWithAck(event: E, payload: unknown): Promise<ChatAck>;
    };
    return await timed.emitWithAck(event, payload);
  } catch {
    return { ok: false, message: REALTIME_TEXTS.noAnswer };
  }
}

export const realtimeStatus = (): RealtimeStatus => status;
export const isRealtimeOnline = (): boolean => socket?.connected === true;

function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The connection's status, for a component. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, realtimeStatus, realtimeStatus);
}
