import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, ServerToClientEvents } from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { isDatabaseUnavailable, type OutageLog } from './db/unavailable.js';
import { socketOriginCheck } from './http/cors.js';
import { createRedis } from './redis.js';

/** Who is on the other end of a socket: set once by the handshake. */
export interface SocketData {
  userId: string;
  sessionId: string;
  /** The handshake token: every event is authorized again with it, so a revoked session acts on nothing. */
  token: string;
}

/** Sessions that ended: one, or all of a user's but `except` (the one its person stays in). */
export type EndedSessions = { sessionId: string } | { userId: string; except?: string };

/** What instances tell one another through the Redis adapter. */
interface InterServerEvents {
  /** Sessions ended on the sender: each instance forgets them, then answers. */
  'sessions:ended': (ended: EndedSessions, done: (forgotten: true) => void) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Every socket joins the room of its user and of its session, so either can be reached or ended. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * What the features may tell connected people. It does nothing until a Socket.IO server is
 * attached (the operator's command line never attaches one), and with the Redis adapter it
 * reaches the sockets of every instance.
 */
export class Broadcaster {
  private io: RealtimeServer | undefined;
  private forgetSessions: ((ended: EndedSessions) => void) | undefined;

  attach(io: RealtimeServer): void {
    this.io = io;
    io.on('sessions:ended', (ended, done) => {
      this.forgetSessions?.(ended);
      done(true);
    });
  }

  /** What this instance does when another one ends sessions: forget what it remembers of them. */
  onSessionsEndedElsewhere(forget: (ended: EndedSessions) => void): void {
    this.forgetSessions = forget;
  }

  toRoom<E extends 'chat:message' | 'chat:updated' | 'chat:deleted' | 'chat:hidden' | 'chat:shown' | 'chat:room'>(
    room: string,
    event: E,
    payload: Payload<E>,
  ) {
    // The cast: socket.io's typed emit cannot follow a generic event name.
    (this.io?.to(room).emit as ((event: E, payload: Payload<E>) => boolean) | undefined)?.(event, payload);
  }

  toUser<E extends 'notifications:count' | 'chat:mute' | 'chat:updated'>(
    userId: string,
    event: E,
    payload: Payload<E>,
  ): void {
    (this.io?.to(userRoom(userId)).emit as ((event: E, payload: Payload<E>) => boolean) | undefined)?.(event, payload);
  }

  /**
   * Disconnects the sockets of ended sessions at once, on every instance, and resolves once every
   * other instance has said it forgot them (onSessionsEndedElsewhere). Rejects when that is not
   * known within INSTANCES_ANSWER_MS: Redis away, or an instance that did not answer.
   */
  async endSessions(target: EndedSessions): Promise<void> {
    const io = this.io;
    if (!io) return;
    let sockets = io.in('sessionId' in target ? sessionRoom(target.sessionId) : userRoom(target.userId));
    if ('except' in target && target.except) sockets = sockets.except(sessionRoom(target.except));
    sockets.disconnectSockets(true);
    await withinTime(
      (async () => {
        // Alone (no Redis, or the only instance) there is nobody to tell.
        if ((await io.of('/').adapter.serverCount()) <= 1) return;
        await io.serverSideEmitWithAck('sessions:ended', target);
      })(),
      INSTANCES_ANSWER_MS,
      'instances did not confirm ended sessions in time',
    );
  }

  /**
   * After someone's rights changed: the sockets of a user (or those in a room), on every instance,
   * leave the rooms `refused` names out of those they hold, per user. Should the rooms held not be
   * known (an instance did not answer in time), those sockets are disconnected instead: the client
   * connects again and rejoins with its current rights.
   */
  async recheckRooms(
    target: { userId: string } | { room: string },
    refused: (held: HeldRooms) => Promise<HeldRooms>,
  ): Promise<void> {
    const io = this.io;
    if (!io) return;
    const scope = io.in('userId' in target ? userRoom(target.userId) : target.room);
    try {
      const held = heldRooms(await scope.fetchSockets());
      for (const [userId, rooms] of await refused(held)) {
        if (rooms.size > 0) io.in(userRoom(userId)).socketsLeave([...rooms]);
      }
    } catch (error) {
      scope.disconnectSockets(true);
      throw error;
    }
  }
}

/** How long instances have to confirm they forgot ended sessions. */
const INSTANCES_ANSWER_MS = 2_000;

/** `work`, or a rejection with `failure` once `ms` have passed (the adapter may never call back). */
function withinTime(work: Promise<void>, ms: number, failure: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(failure)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Rooms by the user whose sockets hold them (beyond each socket's own, user and session rooms). */
export type HeldRooms = Map<string, Set<string>>;

/**
 * The rooms these sockets hold, by user, without the ones every socket is in from its handshake
 * on (its own id, its user's and its session's): those say who it is, not what it may read.
 */
function heldRooms(sockets: { id: string; data: SocketData; rooms: Set<string> }[]): HeldRooms {
  const held: HeldRooms = new Map();
  for (const socket of sockets) {
    const own = [socket.id, userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)];
    const rooms = held.get(socket.data.userId) ?? new Set<string>();
    for (const room of socket.rooms) if (!own.includes(room)) rooms.add(room);
    held.set(socket.data.userId, rooms);
  }
  return held;
}

/** How often sockets are checked against their sessions (expired or revoked from elsewhere) and rooms. */
const SESSION_CHECK_INTERVAL_MS = 60_000;

/**
 * The handshake needs `auth: { token }` of a live session; each socket joins its user's and its
 * session's rooms. Logout and password reset end sockets at once (Broadcaster.endSessions); a
 * periodic check ends the sockets of sessions that expired or were revoked some other way, and
 * makes sockets leave the rooms their users may no longer be in (a role changed by the operator's
 * command line, which reaches no socket, or a change that raced a join).
 */
export function authenticateSockets(
  io: RealtimeServer,
  auth: {
    authenticate(token: string): Promise<{ id: string; sessionId: string } | null>;
    liveSessionIds(sessionIds: string[]): Promise<Set<string>>;
    /** Of the rooms users' sockets hold, those each user may no longer be in. */
    refusedRooms(held: HeldRooms): Promise<HeldRooms>;
    refusal: string;
    log: FastifyBaseLogger;
    outage: OutageLog;
  },
): { check(): Promise<void>; stop(): void } {
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const verified =
      typeof token === 'string' && token.length < 4096 ? auth.authenticate(token) : Promise.resolve(null);
    verified.then(
      (user) => {
        if (!user) return next(new Error(auth.refusal));
        socket.data = { userId: user.id, sessionId: user.sessionId, token: token as string };
        socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
        next();
      },
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          // Not a refusal (that would stop the browser from retrying): the connection is dropped,
          // and the client reconnects with its usual backoff until the database is back.
          auth.outage.failed(error);
          socket.conn.close();
        } else {
          auth.log.error({ err: error }, 'socket handshake failed');
        }
        next(new Error(auth.refusal));
      },
    );
  });

  // Each instance checks its own sockets.
  const check = async () => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const live = await auth.liveSessionIds([...new Set(sockets.map((s) => s.data.sessionId))]);
    const staying: RealtimeSocket[] = [];
    for (const socket of sockets) {
      if (live.has(socket.data.sessionId)) staying.push(socket);
      else socket.disconnect(true);
    }
    const refused = await auth.refusedRooms(heldRooms(staying));
    for (const socket of staying) {
      for (const room of refused.get(socket.data.userId) ?? []) socket.leave(room);
    }
  };
  const timer = setInterval(() => {
    check().catch((error: unknown) => auth.log.warn({ err: error }, 'socket session check failed'));
  }, SESSION_CHECK_INTERVAL_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}

/**
 * Socket.IO on the API's own HTTP server (path `/socket.io`). With a Redis URL the rooms are
 * shared through Redis pub/sub, so any number of instances behave as one; if Redis goes away each
 * instance keeps serving its own sockets and the adapter catches up when Redis returns.
 */
export function createRealtimeServer(
  httpServer: HttpServer,
  options: {
    redisUrl: string | undefined;
    log: FastifyBaseLogger;
    channel?: string;
    /** Web apps on other hosts (CORS_ORIGINS); the handshake of any other host's page is refused. */
    origins: string[];
    publicUrl: string;
  },
): { io: RealtimeServer; close(): Promise<void> } {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // WebSocket only: without long-polling, instances behind a load balancer need no sticky sessions.
    transports: ['websocket'],
    // The same origins as the API. `cors` only shapes HTTP answers (long-polling, off here), so
    // `allowRequest` is what checks Origin, for the WebSocket handshake too.
    cors: { origin: options.origins.length > 0 ? options.origins : false },
    allowRequest: socketOriginCheck(options.origins, options.publicUrl),
    maxHttpBufferSize: 64 * 1024,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const clients: Redis[] = [];
  if (options.redisUrl) {
    const publisher = createRedis(options.redisUrl, options.log);
    // Subscriptions made before the connection is up must wait for it, and survive reconnects.
    const subscriber = createRedis(options.redisUrl, options.log, {
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    // The adapter fires publishes and (un)subscriptions without awaiting them: while Redis is down
    // a publish fails at once (nothing queues up) and this instance still delivers to its own
    // sockets; a subscription cut short by closing is simply dropped. Nothing is left unhandled.
    dropRejections(publisher, ['publish']);
    dropRejections(subscriber, ['psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe']);
    clients.push(publisher, subscriber);
    io.adapter(createAdapter(publisher, subscriber, { key: options.channel ?? 'yedyni' }));
  }
  return {
    io,
    close: async () => {
      // Closing the transports (not disconnecting the sockets) tells browsers to reconnect, to
      // another instance or to this one once it is back.
      io.engine.close();
      for (const client of clients) client.disconnect();
    },
  };
}

type FiredCommand = 'publish' | 'psubscribe' | 'subscribe' | 'punsubscribe' | 'unsubscribe';

/** Makes commands that callers never await resolve to undefined instead of rejecting unhandled. */
function dropRejections(client: Redis, commands: FiredCommand[]): void {
  const target = client as unknown as Record<FiredCommand, (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const original = target[command].bind(client);
    target[command] = (...args: unknown[]) => original(...args).catch(() => undefined);
  }
}
