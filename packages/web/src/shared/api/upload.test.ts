import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR, setTokenSource } from './client';
import { isCancelled, UPLOAD_CANCELLED, UploadCancelled, type UploadProgress, upload } from './upload';

// jsdom's own XMLHttpRequest against a real local server. The page's URL is moved to that server so
// the app's relative `/api/...` reaches it; jsdom keeps the document's first origin, so the server
// allows it as a browser's CORS check asks.
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
let server: Server;
const dom = (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, PATCH',
        'Access-Control-Allow-Headers': 'authorization, accept',
      });
      response.end();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/uk` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The whole body of a request, as the server got it. */
const bodyOf = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });

const formWith = (bytes: number) => {
  const form = new FormData();
  form.append('comment', 'Звіт');
  form.append('file', new File([new Uint8Array(bytes)], 'звіт.pdf', { type: 'application/pdf' }));
  return form;
};

describe('upload', () => {
  it('sends the form with the Bearer token, reports its bytes leaving, and resolves with the JSON answer', async () => {
    setTokenSource(() => 'tok');
    let seen: { method?: string; url?: string; authorization?: string; type?: string; body?: string } = {};
    handler = async (request, response) => {
      const body = await bodyOf(request);
      seen = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body: body.toString('latin1'),
      };
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ _id: 'cm-1' }));
    };
    const progress: UploadProgress[] = [];
    const answer = await upload('POST', '/exercises/comment', formWith(200_000), {
      onProgress: (p) => progress.push(p),
    });
    expect(answer).toEqual({ _id: 'cm-1' });
    expect(seen).toMatchObject({ method: 'POST', url: '/api/exercises/comment', authorization: 'Bearer tok' });
    expect(seen.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="comment"');
    expect(seen.body).toContain('filename=');
    // jsdom's XHR reports upload progress without a length, which is not passed on (a bar
    // cannot fill from it); Chromium's, with lengths, is seen climbing in e2e/uploads.e2e.ts.
    for (const p of progress) expect(p.loaded).toBeLessThanOrEqual(p.total);
  });

  it("rejects with the server's Ukrainian message and status, as the JSON calls do", async () => {
    handler = async (request, response) => {
      await bodyOf(request);
      response.writeHead(413, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: 'Файл завеликий' }));
    };
    const error = await upload('POST', '/chats/upload', formWith(10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Файл завеликий', status: 413 });

    handler = (_request, response) => {
      response.writeHead(502);
      response.end('<html>Bad gateway</html>');
    };
    await expect(upload('POST', '/chats/upload', formWith(10))).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('502'),
    });
  });

  it('aborting cancels the request midway: it rejects as cancelled, not as a failure', async () => {
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // Neither reads nor answers: the 8 MB cannot all leave, the upload is still going when the user
    // cancels. (That the server then keeps nothing is the server's test and the e2e walk's.)
    handler = () => arrived();
    const controller = new AbortController();
    const sending = upload('POST', '/exercises', formWith(8 * 1024 * 1024), { signal: controller.signal });
    const outcome = sending.catch((e: unknown) => e);
    await started;
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(UploadCancelled);
    expect(isCancelled(error)).toBe(true);
    expect(error).toMatchObject({ message: UPLOAD_CANCELLED, status: 0 });
  });

  it('an already aborted signal sends nothing', async () => {
    let called = false;
    handler = (_request, response) => {
      called = true;
      response.end();
    };
    const controller = new AbortController();
    controller.abort();
    await expect(upload('POST', '/chats/upload', formWith(10), { signal: controller.signal })).rejects.toMatchObject({
      name: 'UploadCancelled',
    });
    expect(called).toBe(false);
  });

  it('reports no answer at all as the network error', async () => {
    handler = (request) => request.socket.destroy();
    await expect(upload('POST', '/chats/upload', formWith(10))).rejects.toMatchObject({
      message: NETWORK_ERROR,
      status: 0,
    });
  });
});
