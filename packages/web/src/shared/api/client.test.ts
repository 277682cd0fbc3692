import { describe, expect, it, vi } from 'vitest';
import { headerOf, json, mockApi } from '../../test/mockApi';
import { ApiError, api, getText, NETWORK_ERROR, setTokenSource } from './client';

describe('api client', () => {
  it('calls the relative /api path with JSON and the Bearer token of the store', async () => {
    setTokenSource(() => 'tok');
    const fetchMock = mockApi({ 'PATCH /api/courses/next': () => json({ ok: true }) });
    await expect(api.patch('/courses/next', { courseId: 'c' })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headerOf(init, 'Authorization')).toBe('Bearer tok');
    expect(headerOf(init, 'Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"courseId":"c"}');
  });

  it('sends no Authorization header without a token, and accepts an empty 204', async () => {
    setTokenSource(() => null);
    const fetchMock = mockApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
    expect(headerOf(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBeUndefined();
  });

  it("rejects with the server's message and status", async () => {
    mockApi({ 'GET /api/auth/current': () => json({ message: 'Увійдіть, щоб продовжити' }, 401) });
    const error = await api.get('/auth/current').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Увійдіть, щоб продовжити', status: 401 });
  });

  it('explains an answer without a message in Ukrainian', async () => {
    mockApi({ 'GET /api/partners': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(api.get('/partners')).rejects.toMatchObject({ status: 502, message: expect.stringContaining('502') });
  });

  it('reports a network failure in Ukrainian', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/auth/current')).rejects.toMatchObject({ message: NETWORK_ERROR, status: 0 });
  });

  it('getText fetches a URL the API gave as text, with the token; a refusal carries the message', async () => {
    setTokenSource(() => 'tok');
    const fetchMock = mockApi({
      'GET /api/courses/c/lessons/1/content': () => new Response('<p>Урок</p>', { status: 200 }),
      'GET /api/courses/c/lessons/2/content': () => json({ message: 'Урок ще не відкрився' }, 403),
    });
    await expect(getText('/api/courses/c/lessons/1/content')).resolves.toBe('<p>Урок</p>');
    expect(headerOf(fetchMock.mock.calls[0]?.[1], 'Authorization')).toBe('Bearer tok');
    await expect(getText('/api/courses/c/lessons/2/content')).rejects.toMatchObject({
      message: 'Урок ще не відкрився',
      status: 403,
    });
  });
});
