import { vi } from 'vitest';

/** An upload's call (XMLHttpRequest) may report its bytes leaving, as the browser would. */
type CallInit = RequestInit & { uploadProgress?: (loaded: number, total: number) => void };
type Handler = (init: CallInit) => Response | Promise<Response>;

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
  const mock = vi.fn(async (input: RequestInfo | URL, init: CallInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    const handler = routes[key];
    if (!handler) return json({ message: `unexpected call ${key}` }, 599);
    return handler(init);
  });
  vi.stubGlobal('fetch', mock);
  vi.stubGlobal('XMLHttpRequest', xhrOver(mock));
  return mock;
}

/**
 * An XMLHttpRequest (what `upload` sends files with) answered by the same table: its call is
 * recorded in the fetch mock like any other, its upload reports all bytes sent once answered (and
 * before, what the handler reports through `init.uploadProgress`).
 * The real one, against a real server, is in shared/api/upload.test.ts.
 */
function xhrOver(answer: (input: string, init: CallInit) => Promise<Response>) {
  return class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      if (this.aborted || this.status !== 0) return;
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }

    private progress(loaded: number, total: number) {
      if (this.aborted) return;
      this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      const uploadProgress = (loaded: number, total: number) => this.progress(loaded, total);
      answer(this.url, { method: this.method, headers: this.headers, body: body ?? null, uploadProgress }).then(
        async (response) => {
          const text = await response.text();
          if (this.aborted) return;
          this.progress(1, 1);
          this.status = response.status;
          this.responseText = text;
          this.dispatchEvent(new Event('load'));
        },
        () => {
          if (!this.aborted) this.dispatchEvent(new Event('error'));
        },
      );
    }
  };
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
