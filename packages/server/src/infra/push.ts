import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import webPush from 'web-push';
import { z } from 'zod';
import { PRIVATE_FILE, privateDir } from './private-files.js';

/** A VAPID key pair (RFC 8292): uncompressed P-256 public point and private scalar, base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const vapidFileSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** A fresh key pair, as `npm run admin -- vapid-keys` prints it. */
export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}

/**
 * The keys push is signed with: the configured pair; outside production, a pair made once per
 * data directory (`vapid.json`, 0600), so the browsers' subscriptions, which are bound to the
 * public key, survive restarts; in production without keys, none (push is off, said once).
 */
export function resolveVapidKeys(options: {
  configured: VapidKeys | undefined;
  production: boolean;
  dataDir: string;
  log: Logger;
}): VapidKeys | undefined {
  if (options.configured) return options.configured;
  if (options.production) {
    options.log.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: Web Push is off');
    return undefined;
  }
  return dataDirVapidKeys(options.dataDir);
}

function dataDirVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) return readKeys(file);
  privateDir(dataDir);
  // Written whole to a file of our own, then linked into place: link() fails if another
  // instance on the same directory got there first, and then its keys are the ones kept.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(generateVapidKeys()), { mode: PRIVATE_FILE, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  chmodSync(file, PRIVATE_FILE);
  return readKeys(file);
}

function readKeys(file: string): VapidKeys {
  const parsed = vapidFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: not a VAPID key pair; remove it to make a new one`);
  return parsed.data;
}

/** Where one browser receives push: its push service's address and the keys to encrypt for it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** How long the push service keeps the message for an offline device (seconds). */
  ttlSeconds: number;
  /**
   * Messages with the same topic replace one another while waiting at the push service, so a
   * retried send is not shown twice. Any string: one that is not already up to 32 base64url
   * characters is replaced by a digest of itself.
   */
  topic: string;
  urgency: PushUrgency;
}

/** The push service refused for a reason other than the subscription being gone. */
export class PushError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`push service answered ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'PushError';
  }
}

/** How long one push service request may take before it counts as failed (and is retried). */
const SEND_TIMEOUT_MS = 15_000;

/**
 * Sends one message to one subscription: VAPID-signed and encrypted (RFC 8291 aes128gcm) by
 * `web-push`, carried by Node's fetch. 'gone' (404, 410) means the browser dropped the
 * subscription; any other failure throws, so the job that called it is retried.
 */
export class PushSender {
  constructor(
    readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<'sent' | 'gone'> {
    const request = webPush.generateRequestDetails(target, payload, {
      vapidDetails: { subject: this.subject, ...this.keys },
      contentEncoding: 'aes128gcm',
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      topic: pushTopic(options.topic),
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.ok) return 'sent';
    throw new PushError(response.status, detail);
  }
}

/** RFC 8030 §5.4: a topic is at most 32 characters of the base64url alphabet. */
export function pushTopic(topic: string): string {
  if (/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return topic;
  return createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}
