import type { ChatAck, ClientToServerEvents, ServerToClientEvents } from '@yedyni/contract';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './app.js';

export type ChatClient = Socket<ServerToClientEvents, ClientToServerEvents>;

const WAIT_MS = 3_000;

/**
 * A socket.io-client connected as `token` over websocket (sending `Origin` as a browser on that
 * origin would); rejects with the server's refusal.
 */
export function connect(t: Pick<TestApp, 'url'>, token: string | undefined, origin?: string): Promise<ChatClient> {
  const socket: ChatClient = io(t.url, {
    path: '/socket.io',
    transports: ['websocket'],
    ...(origin === undefined ? {} : { extraHeaders: { origin } }),
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Emits a client event and resolves with its acknowledgement. */
export function ask<E extends keyof ClientToServerEvents>(
  socket: ChatClient,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<ChatAck> {
  return (socket.timeout(WAIT_MS).emitWithAck as (event: E, payload: unknown) => Promise<ChatAck>)(event, payload);
}

/** The next `event` the socket receives, or a rejection after a few seconds. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ChatClient,
  event: E,
  waitMs = WAIT_MS,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${waitMs} ms`)), waitMs);
    (socket.once as (event: E, listener: (payload: Parameters<ServerToClientEvents[E]>[0]) => void) => void)(
      event,
      (payload) => {
        clearTimeout(timer);
        resolve(payload);
      },
    );
  });
}

/** Everything `event` brings to the socket from now on, for checking what did NOT arrive. */
export function record<E extends keyof ServerToClientEvents>(socket: ChatClient, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket.on as (event: E, listener: (payload: Parameters<ServerToClientEvents[E]>[0]) => void) => void)(
    event,
    (payload) => seen.push(payload),
  );
  return seen;
}

/** Resolves when the socket is disconnected (by the server), with the reason. */
export function disconnected(socket: ChatClient, waitMs = WAIT_MS): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${waitMs} ms`)), waitMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
