import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** A browser's side of a push subscription: its P-256 key pair and auth secret, as a browser makes them. */
export interface TestBrowser {
  /** What `PushSubscription.toJSON()` gives, to POST to the server. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

/** One request the push service accepted (after its checks), decrypted. */
export interface ReceivedPush {
  endpoint: string;
  headers: IncomingMessage['headers'];
  /** The VAPID token's claims, verified against the key named in the Authorization header. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  /** The encrypted body as it arrived. */
  body: Buffer;
  payload: unknown;
}

/**
 * A push service on 127.0.0.1 that does what a real one checks: a VAPID `Authorization: vapid
 * t=…, k=…` whose ES256 token verifies against `k`, names this origin as `aud` and expires within
 * 24 h (RFC 8292); then, playing the browser, it decrypts the aes128gcm body (RFC 8291) with the
 * subscription's private key and auth secret. `answer` sets the status per endpoint (201 by default).
 */
export async function startPushService() {
  const browsers = new Map<string, TestBrowser>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const answers = new Map<string, number>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = origin + (request.url ?? '');
      check(endpoint, request, Buffer.concat(chunks)).then(
        (push) => {
          received.push(push);
          response.writeHead(answers.get(endpoint) ?? 201).end();
        },
        (error: Error) => {
          refused.push({ endpoint, reason: error.message });
          response.writeHead(400).end(error.message);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function check(endpoint: string, request: IncomingMessage, body: Buffer): Promise<ReceivedPush> {
    const browser = browsers.get(endpoint);
    if (!browser) throw new Error(`no browser at ${endpoint}`);
    if (request.method !== 'POST') throw new Error(`method ${request.method}`);
    const vapid = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
    if (!vapid) throw new Error(`Authorization: ${request.headers.authorization}`);
    const [, token = '', vapidKey = ''] = vapid;
    const point = Buffer.from(vapidKey, 'base64url');
    if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
    if (typeof claims.exp !== 'number' || claims.exp > Date.now() / 1000 + 24 * 60 * 60) {
      throw new Error(`exp ${claims.exp} is more than 24 h away`);
    }
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
    }
    if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error(`TTL ${request.headers.ttl}`);
    const payload = JSON.parse(decrypt(browser, body));
    return {
      endpoint,
      headers: request.headers,
      claims: claims as ReceivedPush['claims'],
      vapidKey,
      body,
      payload,
    };
  }

  return {
    origin,
    received,
    refused,
    /** A new browser subscribed at this push service (its endpoint is unique). */
    browser(): TestBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      const browser = {
        subscription: {
          endpoint,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        ecdh,
        auth,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    /** From now on, requests to this endpoint are answered with this status (after the checks). */
    answer(endpoint: string, status: number) {
      answers.set(endpoint, status);
    },
    to(endpoint: string): ReceivedPush[] {
      return received.filter((push) => push.endpoint === endpoint);
    },
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * RFC 8291 §3–4 as the receiving browser does it: the header (salt, record size, the sender's
 * ephemeral key), the ECDH secret with our private key, the keys by HKDF bound to the auth secret
 * and both public keys, then AES-128-GCM on the one record and its padding delimiter stripped.
 */
export function decrypt(browser: TestBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not a P-256 point`);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}
