import {
  CHAT_MESSAGES,
  type ChatAck,
  chatDeleteSchema,
  chatEditSchema,
  chatRoomSchema,
  chatSendSchema,
} from '@yedyni/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import { isDatabaseUnavailable, type OutageLog, unavailableError } from '../../infra/db/unavailable.js';
import { AppError } from '../../infra/errors.js';
import { nulAt, nulMessage } from '../../infra/nul.js';
import type { RealtimeServer, RealtimeSocket } from '../../infra/realtime.js';
import type { Actor } from '../auth/index.js';
import { type ChatService, roomOf } from './service.js';

/** A socket may watch a few rooms at once (a curator with several waves open), not hundreds. */
const MAX_ROOMS_PER_SOCKET = 20;

/**
 * The chat events of the contract (`chat.ts`; docs/ARCHITECTURE.md «A chat message across instances»). Each one is authorized again with the socket's token (a revoked
 * session acts on nothing and is disconnected), validated by the contract's schema, and answered
 * through its acknowledgement: `{ ok: true, message? }` or `{ ok: false, message }` in Ukrainian.
 */
export function chatEvents(
  io: RealtimeServer,
  deps: {
    chat: ChatService;
    authenticate: (token: string) => Promise<Actor | null>;
    log: FastifyBaseLogger;
    outage: OutageLog;
  },
): void {
  const { chat } = deps;

  io.on('connection', (socket) => {
    const on = <T>(schema: ZodType<T>, run: (actor: Actor, input: T) => Promise<ChatAck>) =>
      handler(socket, deps, schema, run);

    socket.on(
      'chat:join',
      on(chatRoomSchema, async (actor, room) => {
        await chat.assertMember(actor, room);
        if (socket.rooms.size > MAX_ROOMS_PER_SOCKET + 1) throw new AppError(429, CHAT_MESSAGES.tooManyRooms);
        await socket.join(roomOf(room));
        return { ok: true };
      }),
    );
    socket.on(
      'chat:leave',
      on(chatRoomSchema, async (_actor, room) => {
        await socket.leave(roomOf(room));
        return { ok: true };
      }),
    );
    socket.on(
      'chat:send',
      on(chatSendSchema, async (actor, input) => ({ ok: true, message: await chat.send(actor, input) })),
    );
    socket.on(
      'chat:edit',
      on(chatEditSchema, async (actor, input) => ({
        ok: true,
        message: await chat.edit(actor, input.messageId, input.text),
      })),
    );
    socket.on(
      'chat:delete',
      on(chatDeleteSchema, async (actor, input) => {
        await chat.remove(actor, input.messageId);
        return { ok: true };
      }),
    );
  });
}

function handler<T>(
  socket: RealtimeSocket,
  deps: { authenticate: (token: string) => Promise<Actor | null>; log: FastifyBaseLogger; outage: OutageLog },
  schema: ZodType<T>,
  run: (actor: Actor, input: T) => Promise<ChatAck>,
) {
  // Arguments come off the wire: anything at all, an acknowledgement or not. An event sent with
  // nothing but its acknowledgement (`emit('chat:join', ack)`) still gets its answer: a refusal.
  return async (...args: unknown[]) => {
    const [payload, ack] = typeof args[0] === 'function' ? [undefined, args[0]] : args;
    const reply = typeof ack === 'function' ? (ack as (result: ChatAck) => void) : () => {};
    try {
      const actor = await deps.authenticate(socket.data.token);
      if (!actor) {
        reply({ ok: false, message: CHAT_MESSAGES.unauthorized });
        socket.disconnect(true);
        return;
      }
      const nul = nulAt(payload);
      if (nul !== null) {
        reply({ ok: false, message: nulMessage(nul) });
        return;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        reply({ ok: false, message: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.failed });
        return;
      }
      reply(await run(actor, parsed.data));
    } catch (error) {
      if (error instanceof AppError) {
        reply({ ok: false, message: error.message });
        return;
      }
      if (isDatabaseUnavailable(error)) {
        deps.outage.failed(error);
        reply({ ok: false, message: unavailableError().message });
        return;
      }
      deps.log.error({ err: error }, 'chat event failed');
      reply({ ok: false, message: CHAT_MESSAGES.failed });
    }
  };
}
