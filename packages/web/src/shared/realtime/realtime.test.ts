import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketOptions, fakeSockets, io, lastSocket } from '../../test/fakeSocket';
import {
  onRealtime,
  REALTIME_TEXTS,
  realtimeStatus,
  reconnectRealtime,
  sendRealtime,
  startRealtime,
  stopRealtime,
} from '.';

const load = async () => ({ io }) as unknown as typeof import('socket.io-client');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => stopRealtime());

describe('shared realtime connection', () => {
  it('connects once with the current token, asked at each (re)connection', async () => {
    fakeSocketOptions.autoConnect = false;
    let token = 'token-1';
    startRealtime(() => token, load);
    startRealtime(() => 'other', load);
    expect(realtimeStatus()).toBe('connecting');
    await settle();
    expect(fakeSockets).toHaveLength(1);
    const socket = lastSocket();
    expect(socket.options).toMatchObject({ path: '/socket.io', transports: ['websocket'] });
    socket.serverConnect();
    expect(realtimeStatus()).toBe('online');
    token = 'token-2';
    socket.serverDisconnect('transport close');
    expect(realtimeStatus()).toBe('lost');
    socket.serverConnect();
    expect(socket.tokens).toEqual(['token-1', 'token-2']);
    expect(realtimeStatus()).toBe('online');
  });

  it('does not retry by itself when the server ended the session; the user may ask once more', async () => {
    fakeSocketOptions.autoConnect = false;
    startRealtime(() => 't', load);
    await settle();
    const socket = lastSocket();
    socket.serverConnect();
    socket.serverDisconnect('io server disconnect');
    expect(realtimeStatus()).toBe('closed');
    const connect = vi.spyOn(socket, 'connect');
    reconnectRealtime();
    expect(connect).toHaveBeenCalledOnce();
    expect(realtimeStatus()).toBe('connecting');
  });

  it('listeners registered before the connection exists receive its events, until they stop', async () => {
    const heard: number[] = [];
    const stop = onRealtime('notifications:count', ({ countNotifications }) => heard.push(countNotifications));
    startRealtime(() => 't', load);
    await settle();
    lastSocket().push('notifications:count', { countNotifications: 2 });
    stop();
    lastSocket().push('notifications:count', { countNotifications: 3 });
    expect(heard).toEqual([2]);
  });

  it('sends with an acknowledgement, and fails at once in Ukrainian without a connection', async () => {
    fakeSocketOptions.autoConnect = false;
    expect(await sendRealtime('chat:join', { courseId: 'c-1', wave: '29' })).toEqual({
      ok: false,
      message: REALTIME_TEXTS.notConnected,
    });
    startRealtime(() => 't', load);
    await settle();
    const socket = lastSocket();
    socket.serverConnect();
    socket.respond('chat:join', () => ({ ok: false, message: 'Цей чат доступний лише учасникам хвилі курсу' }));
    expect(await sendRealtime('chat:join', { courseId: 'c-1', wave: '29' })).toEqual({
      ok: false,
      message: 'Цей чат доступний лише учасникам хвилі курсу',
    });
    expect(socket.sentOf('chat:join')).toEqual([{ courseId: 'c-1', wave: '29' }]);
  });

  it('stop disconnects and forgets; a stop while socket.io-client loads means no connection at all', async () => {
    startRealtime(() => 't', load);
    await settle();
    await settle();
    const socket = lastSocket();
    expect(socket.connected).toBe(true);
    stopRealtime();
    expect(socket.connected).toBe(false);
    expect(realtimeStatus()).toBe('offline');

    startRealtime(() => 't', load);
    stopRealtime();
    await settle();
    expect(fakeSockets).toHaveLength(1);
    expect(realtimeStatus()).toBe('offline');
  });

  it('a handshake the server refuses leaves the connection closed', async () => {
    fakeSocketOptions.autoConnect = false;
    startRealtime(() => null, load);
    await settle();
    const socket = lastSocket();
    socket.active = false;
    socket.push('connect_error', new Error('Увійдіть, щоб відкрити чат'));
    expect(realtimeStatus()).toBe('closed');
  });
});
