import { createServer, type IncomingMessage, type Server } from 'node:http';
import { LiqPaySigner } from '../../src/infra/liqpay/index.js';
import { freePort, startTestApp, type TestApp } from './app.js';

/** What the server asked the provider (`/sandbox/liqpay/api/request`), decoded. */
export interface ProviderCall {
  params: Record<string, unknown>;
}

/** How the peer answers one server-to-server call: passed on to the sandbox, refused, or cut off. */
export type PeerAnswer =
  | { pass: true; after?: (answer: Record<string, unknown>) => Promise<void> | void }
  | { refuse: Record<string, unknown> }
  /** The connection breaks before an answer is read; with `forward`, after the provider acted on the call. */
  | { cut: true; forward?: boolean; after?: () => Promise<void> | void };

/**
 * The app behind a peer on its PUBLIC_URL: every request (the sandbox's callbacks and checkout
 * included) passes through to the app unchanged, except the server-to-server calls to the
 * provider, which the peer records and may delay, refuse, or cut off like a network failure.
 * The sandbox stays the provider; the peer is the network between us and it.
 */
export async function startAppBehindPeer(): Promise<{
  t: TestApp;
  calls: ProviderCall[];
  /** How the next calls are answered; by default each passes. */
  answer: (decide: (call: ProviderCall) => Promise<PeerAnswer> | PeerAnswer) => void;
  close: () => Promise<void>;
}> {
  const calls: ProviderCall[] = [];
  let decide: (call: ProviderCall) => Promise<PeerAnswer> | PeerAnswer = () => ({ pass: true });
  let target = '';
  const port = await freePort();
  const peer: Server = createServer(async (request, response) => {
    const body = await read(request);
    const forward = async () => {
      const upstream = await fetch(target + (request.url ?? '/'), {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(request.headers).flatMap(([k, v]) =>
            typeof v === 'string' && k !== 'host' && k !== 'content-length' ? [[k, v]] : [],
          ),
        ),
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
        redirect: 'manual',
      });
      return { status: upstream.status, headers: upstream.headers, text: await upstream.text() };
    };
    if (request.url === '/sandbox/liqpay/api/request') {
      const form = new URLSearchParams(body);
      const call = { params: LiqPaySigner.decode(form.get('data') ?? '') ?? {} };
      calls.push(call);
      const how = await decide(call);
      if ('cut' in how) {
        if (how.forward) await forward();
        await how.after?.();
        request.socket.destroy();
        return;
      }
      if ('refuse' in how) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(how.refuse));
        return;
      }
      const answer = await forward();
      await how.after?.(JSON.parse(answer.text));
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
      return;
    }
    const answer = await forward();
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'content-encoding') headers[key] = value;
    });
    response.writeHead(answer.status, headers).end(answer.text);
  });
  await new Promise<void>((resolve) => peer.listen(port, '127.0.0.1', resolve));
  const t = await startTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  target = t.url;
  return {
    t,
    calls,
    answer: (next) => {
      decide = next;
    },
    close: async () => {
      await t.close();
      peer.closeAllConnections();
      await new Promise((resolve) => peer.close(resolve));
    },
  };
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
