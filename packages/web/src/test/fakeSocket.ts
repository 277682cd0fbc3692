import type { ChatAck } from '@yedyni/contract';

// A stand-in for socket.io-client (test/setup.ts mocks the module with this one): no network; the
// test plays the server: it connects and drops the socket, answers client events and pushes events.

type Listener = (...args: unknown[]) => void;
type Responder = (payload: unknown) => ChatAck | Promise<ChatAck>;

export interface SentEvent {
  event: string;
  payload: unknown;
}

export class FakeSocket {
  connected = false;
  /** False once the server refused or ended the connection (as in socket.io-client). */
  active = true;
  readonly sent: SentEvent[] = [];
  readonly tokens: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly responders = new Map<string, Responder>();

  constructor(readonly options: { auth?: (cb: (data: { token: string }) => void) => void; autoConnect?: boolean }) {}

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown): Promise<ChatAck> => {
        this.sent.push({ event, payload });
        const responder = this.responders.get(event);
        return responder ? responder(payload) : { ok: true };
      },
    };
  }

  connect() {
    this.active = true;
    return this;
  }

  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // The server's side, for the test.

  /** Answers a client event (default `{ ok: true }`). */
  respond(event: string, responder: Responder) {
    this.responders.set(event, responder);
  }

  /** The handshake succeeds (the auth callback is asked for the token first). */
  serverConnect() {
    this.options.auth?.((data) => this.tokens.push(data.token));
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** The connection drops; `io server disconnect` means the server ended it. */
  serverDisconnect(reason = 'transport close') {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** An event from the server. */
  push(event: string, payload: unknown) {
    this.fire(event, payload);
  }

  sentOf(event: string): unknown[] {
    return this.sent.filter((s) => s.event === event).map((s) => s.payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Every socket made since the last `resetFakeSockets`, oldest first. */
export const fakeSockets: FakeSocket[] = [];

/** Sockets connect on the next tick unless a test turns this off. */
export const fakeSocketOptions = { autoConnect: true };

export function resetFakeSockets(): void {
  fakeSockets.length = 0;
  fakeSocketOptions.autoConnect = true;
}

/** The newest socket; fails loudly when none was made. */
export function lastSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

/** socket.io-client's `io`. */
export function io(options: ConstructorParameters<typeof FakeSocket>[0] = {}): FakeSocket {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  if (fakeSocketOptions.autoConnect) {
    setTimeout(() => {
      if (socket.active && !socket.connected) socket.serverConnect();
    }, 0);
  }
  return socket;
}
