import { vi } from 'vitest';

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** A JSON response as the server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with a table of `'METHOD /api/path'` handlers; an unlisted call fails the test
 * loudly with a 599. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    if (!handler) return json({ message: `unexpected call ${key}` }, 599);
    return handler(init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A promise with its resolve function, for answers that arrive when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Header value of a recorded fetch call. */
export function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}
