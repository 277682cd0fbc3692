import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { privateDir } from './private-files.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/** proxy-addr's names for whole ranges, which Fastify's trustProxy also takes. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address, with an optional /prefix of the right size, or one of NAMED_RANGES. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Whom to believe about the client's address (X-Forwarded-For): nobody, the nearest N proxies,
 * or proxies at these addresses. Never everybody: then any client could name itself a new address
 * on every request and slip past every per-address limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        `«${value}» не підходить: вкажіть кількість проксі перед сервером (наприклад 1 за одним балансувальником) ` +
        'або їхні адреси чи мережі через кому (наприклад 10.0.0.2,192.168.0.0/16); true не приймається, ' +
        'бо тоді будь-хто може назвати себе іншою адресою й обійти обмеження спроб',
    });
    return z.NEVER;
  });

/** `scheme://host[:port]` exactly as a browser sends it in `Origin`: no path, no slash at the end. */
function isExactOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry;
  } catch {
    return false;
  }
}

/**
 * Web apps on other hosts that may use the API and the socket (spec section 9): their exact
 * origins, comma-separated. A wildcard is refused: any page could then act with a token it got.
 */
const corsOrigins = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const wrong = entries.filter((entry) => !isExactOrigin(entry));
    if (wrong.length === 0) return [...new Set(entries)];
    ctx.addIssue({
      code: 'custom',
      message:
        `${wrong.map((entry) => `«${entry}»`).join(', ')} не підходить: вкажіть точні адреси веб-застосунків через кому, ` +
        'як їх називає браузер (https://app.example.org або http://localhost:5173: схема, хост і порт, без шляху й скісної риски в кінці; * не приймається)',
    });
    return z.NEVER;
  });

/** Every setting the server reads, with its default (README «Settings», .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Only this machine (a reverse proxy in front) unless the operator opens it wider.
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  JWT_SECRET: z.string().min(32, 'щонайменше 32 символи').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Єдині <no-reply@yedyni.local>'),
  /** Web Push (VAPID, RFC 8292): both keys or neither; `npm run admin -- vapid-keys` makes a pair. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'відкритий ключ P-256 у base64url (87 символів), як дає vapid-keys')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'закритий ключ P-256 у base64url (43 символи), як дає vapid-keys')
    .optional(),
  /** Whom a push service may contact about our messages: an https: address or a mailto:. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'адреса https://… або mailto:…, за якою push-сервіс може звернутися')
    .optional(),
  LIQPAY_MODE: z.enum(['sandbox', 'live']).optional(),
  LIQPAY_PUBLIC_KEY: z.string().optional(),
  LIQPAY_PRIVATE_KEY: z.string().optional(),
  SEED_DEMO: flag.optional(),
  RATE_LIMIT_LOGIN: positiveInt.default(10),
  RATE_LIMIT_LOGIN_ADDRESS: positiveInt.default(30),
  RATE_LIMIT_LOGIN_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_REGISTER: positiveInt.default(30),
  RATE_LIMIT_RECOVERY: positiveInt.default(5),
  RATE_LIMIT_RECOVERY_ADDRESS: positiveInt.default(20),
  RATE_LIMIT_RESET: positiveInt.default(20),
  RATE_LIMIT_CHAT: positiveInt.default(30),
  RATE_LIMIT_TWO_STEP: positiveInt.default(5),
  RATE_LIMIT_TWO_STEP_ADDRESS: positiveInt.default(20),
  /** What one person may keep in homework, comment and chat files (MiB), and upload per hour. */
  UPLOAD_QUOTA_MB: positiveInt.default(200),
  UPLOAD_RATE: positiveInt.default(30),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  CORS_ORIGINS: corsOrigins.default([]),
  /** A connection that sends and receives nothing for this long is closed (also mid-body). */
  HTTP_IDLE_TIMEOUT_MS: positiveInt.default(30_000),
  /** All of a request's headers must arrive within this time (408 otherwise). */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
  /** A whole request, body included, within this time (408 otherwise): a 50 MiB upload at ~0.7 Mbit/s. */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(600_000),
  WEB_DIST: z.string().optional(),
  /** A background job (a mail, a digest) running longer than this is taken to have died and is run again. */
  JOB_EXPIRE_SECONDS: positiveInt.default(60),
  /** A failed job is tried again this many times, this many seconds apart at first, doubling. */
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  JOB_RETRY_DELAY_SECONDS: positiveInt.default(30),
  /** Curators hear of homework waiting longer than this in their daily review digest. */
  REVIEW_DIGEST_AFTER_HOURS: positiveInt.default(24),
  /** Days between asking to delete one's account and its deletion; signing in meanwhile cancels it. */
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(14),
  /** Whom the privacy notice names for questions about personal data; MAIL_FROM's mailbox when unset. */
  PRIVACY_CONTACT_EMAIL: z.email().optional(),
  /** A session unused this many days ends (a session ends after 30 days in any case). */
  SESSION_IDLE_DAYS: z.coerce
    .number()
    .int('ціле число днів')
    .min(1, 'від 1 до 30 днів')
    .max(30, 'від 1 до 30 днів: сесія й так закінчується через 30 днів')
    .default(14),
  /** The organisation that receives the gifts, as receipts and yearly statements name it. */
  ORG_NAME: z.string().trim().min(1).max(200).default('Громадська організація «Єдині» (демо)'),
  /** Its ЄДРПОУ code: 8 digits. The default is a demo one; production sets the real code. */
  ORG_CODE: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'код ЄДРПОУ: 8 цифр')
    .default('00000000'),
  /** Benchmarks only (bench/api.mjs): adds GET /api/bench/bare, a route with no auth and no database. */
  BENCH_BARE_ROUTE: flag.default(false),
  /**
   * Benchmarks only (bench/midnight.mjs): the server's clock runs this many ms ahead of (or behind)
   * the machine's, so that a lesson opens at a Kyiv midnight the benchmark picks. Refused in production.
   */
  BENCH_CLOCK_SHIFT_MS: z.coerce.number().int().optional(),
});

export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: Database;
  redisUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Web Push: the VAPID key pair when both are set (otherwise infra/push.ts makes one per data
   * directory outside production), and the subject named in every VAPID token.
   */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
  liqpay: { mode: 'sandbox' | 'live'; publicKey: string; privateKey: string };
  seedDemo: boolean;
  /**
   * Attempts per window (services.ts names the windows): failed logins per address and email, per
   * address, and per email before its attempts are slowed; registrations per address; recoveries
   * per email and per address; password resets per address; chat messages per user per minute
   * (and as many chat edits and deletions, counted apart).
   */
  rateLimits: {
    login: number;
    loginAddress: number;
    loginAccount: number;
    register: number;
    recovery: number;
    recoveryAddress: number;
    reset: number;
    chat: number;
    /** Wrong two-step codes (and passwords asked with them) per account, and per address, in 15 minutes. */
    twoStep: number;
    twoStepAddress: number;
  };
  /** Password hashes that may wait for a turn (beyond those running); past that, 503 at once. */
  passwordHashQueue: number;
  /** Per person: bytes kept in files at most, and files uploaded per hour. */
  uploads: { quotaBytes: number; perHour: number };
  logLevel: string;
  /** Fastify's trustProxy: no proxy, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Origins of web apps on other hosts allowed to use the API and the socket (CORS); none by default. */
  corsOrigins: string[];
  /** Slow clients: idle connection, headers and whole-request limits, in milliseconds. */
  timeouts: { idleMs: number; headersMs: number; requestMs: number };
  /** The built web app; served from the same port when it exists. */
  webDist: string;
  /** Background jobs (infra/jobs): when a running one counts as dead, and its retries. */
  jobs: { expireSeconds: number; retryLimit: number; retryDelaySeconds: number };
  /** Notifications: how long homework waits before the curators' review digest names it. */
  notifications: { reviewDigestAfterHours: number };
  /** «Мої дані»: the deletion's grace period (days) and the privacy notice's contact address. */
  privacy: { graceDays: number; contactEmail: string };
  /** Days without use after which a session ends. */
  sessionIdleDays: number;
  /** Who receives the gifts (receipts, yearly statements): name and ЄДРПОУ code. */
  organisation: { name: string; code: string };
  /** `GET /api/bench/bare` exists (benchmarks compare every route with it); off unless asked for. */
  benchBareRoute: boolean;
  /** The server's clock's distance from the machine's (benchmarks only); 0 everywhere else. */
  benchClockShiftMs: number;
}

export class ConfigError extends Error {}

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Reads the settings once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Некоректні налаштування:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  const liqpayMode = env.LIQPAY_MODE ?? (production ? 'live' : 'sandbox');
  if (production && liqpayMode !== 'live') throw new ConfigError('LIQPAY_MODE: у production дозволено лише live');
  if (liqpayMode === 'live' && (!env.LIQPAY_PUBLIC_KEY || !env.LIQPAY_PRIVATE_KEY)) {
    throw new ConfigError('LIQPAY_PUBLIC_KEY, LIQPAY_PRIVATE_KEY: обовʼязкові в режимі live');
  }
  if (production && !env.JWT_SECRET) throw new ConfigError('JWT_SECRET: обовʼязковий у production');
  // A receipt or a yearly statement with the demo organisation would mislead its taxpayer.
  if (production && (!present.ORG_NAME || !present.ORG_CODE)) {
    throw new ConfigError('ORG_NAME, ORG_CODE: обовʼязкові в production (їх називають квитанції та довідки)');
  }
  // Demo accounts have a published password (README): anyone could sign in as the admin.
  if (production && env.SEED_DEMO) {
    throw new ConfigError(
      'SEED_DEMO: демонстраційні дані в production заборонені (приберіть змінну або задайте false)',
    );
  }
  // A shifted clock opens lessons early and ends sessions late: a benchmark's tool, never a server's.
  if (production && env.BENCH_CLOCK_SHIFT_MS) {
    throw new ConfigError('BENCH_CLOCK_SHIFT_MS: лише для бенчмарків, у production заборонено');
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    throw new ConfigError('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: задайте обидва ключі або жодного');
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS: не може бути більшим за HTTP_REQUEST_TIMEOUT_MS');
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: parseDatabase(env.DATABASE_URL, dataDir),
    redisUrl: env.REDIS_URL,
    publicUrl,
    jwtSecret: env.JWT_SECRET ?? dataDirSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    vapid: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? vapidSubject(publicUrl, env.MAIL_FROM),
    },
    liqpay: {
      mode: liqpayMode,
      publicKey: liqpayMode === 'sandbox' ? (env.LIQPAY_PUBLIC_KEY ?? 'sandbox_public') : (env.LIQPAY_PUBLIC_KEY ?? ''),
      privateKey:
        liqpayMode === 'sandbox' ? (env.LIQPAY_PRIVATE_KEY ?? 'sandbox_private') : (env.LIQPAY_PRIVATE_KEY ?? ''),
    },
    seedDemo: env.SEED_DEMO ?? !production,
    rateLimits: {
      login: env.RATE_LIMIT_LOGIN,
      loginAddress: env.RATE_LIMIT_LOGIN_ADDRESS,
      loginAccount: env.RATE_LIMIT_LOGIN_ACCOUNT,
      register: env.RATE_LIMIT_REGISTER,
      recovery: env.RATE_LIMIT_RECOVERY,
      recoveryAddress: env.RATE_LIMIT_RECOVERY_ADDRESS,
      reset: env.RATE_LIMIT_RESET,
      chat: env.RATE_LIMIT_CHAT,
      twoStep: env.RATE_LIMIT_TWO_STEP,
      twoStepAddress: env.RATE_LIMIT_TWO_STEP_ADDRESS,
    },
    uploads: { quotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024, perHour: env.UPLOAD_RATE },
    passwordHashQueue: env.PASSWORD_HASH_QUEUE,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    timeouts: {
      idleMs: env.HTTP_IDLE_TIMEOUT_MS,
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
    },
    webDist: path.resolve(env.WEB_DIST ?? defaultWebDist),
    jobs: {
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      retryLimit: env.JOB_RETRY_LIMIT,
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
    },
    notifications: { reviewDigestAfterHours: env.REVIEW_DIGEST_AFTER_HOURS },
    privacy: {
      graceDays: env.ACCOUNT_DELETION_GRACE_DAYS,
      contactEmail: env.PRIVACY_CONTACT_EMAIL ?? mailboxOf(env.MAIL_FROM) ?? 'no-reply@yedyni.local',
    },
    sessionIdleDays: env.SESSION_IDLE_DAYS,
    organisation: { name: env.ORG_NAME, code: env.ORG_CODE },
    benchBareRoute: env.BENCH_BARE_ROUTE,
    benchClockShiftMs: env.BENCH_CLOCK_SHIFT_MS ?? 0,
  };
}

/** Our https address, else the sender's mailbox: push services accept only these two kinds. */
function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  return `mailto:${mailboxOf(mailFrom) ?? 'no-reply@yedyni.local'}`;
}

/** The address in a From line (`Name <a@b>` or a bare `a@b`). */
function mailboxOf(mailFrom: string): string | undefined {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /\S+@\S+/.exec(mailFrom)?.[0];
}

function parseDatabase(url: string | undefined, dataDir: string): Database {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'yedyni.sqlite') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return { kind: 'sqlite', file: path.resolve(file) };
}

/** Outside production a secret is made once per data directory, so sessions survive restarts. */
function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
