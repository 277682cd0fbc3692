import { Writable } from 'node:stream';
import {
  addCommentFieldsSchema,
  CHAT_MESSAGES,
  chatDeleteSchema,
  chatEditSchema,
  chatRoomSchema,
  chatSendSchema,
  createExerciseFieldsSchema,
  editCommentFieldsSchema,
  kyivParts,
  MAX_FILE_BYTES,
  updateExerciseFieldsSchema,
} from '@yedyni/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import type { RealtimeServer } from '../src/infra/realtime.js';
import { newPerson, startTestApp, type TestApp } from './support/app.js';
import { DAY, importFixtures, signIn, staffAccount } from './support/courses.js';
import { FAKE_PDF, PDF, PNG, SVG } from './support/files.js';
import {
  arbitraryFor,
  brief,
  type Generation,
  hostileValue,
  isUkrainian,
  type JsonSchema,
  NASTY,
  WORDS,
} from './support/fuzz.js';
import { donateAndPay, postForm, provider } from './support/liqpay.js';
import { type ChatClient, connect } from './support/sockets.js';

/*
 * Property-based requests against every route of the OpenAPI document and every socket event
 * the server listens to: no 500, no crash, every refusal a 4xx `{ message }` in Ukrainian, no
 * error in the log. Replay a run with FUZZ_SEED=<the printed seed>; FUZZ_RUNS raises the number
 * of requests per route; FUZZ_ROUTE=<substring of "METHOD /path"> fuzzes only matching routes.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_109);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Time limits grow with FUZZ_RUNS. */
const SCALE = Math.max(1, RUNS / 40);
const ONLY = process.env.FUZZ_ROUTE;
/** FUZZ_VERBOSE=1 prints every request with its answer. */
const VERBOSE = Boolean(process.env.FUZZ_VERBOSE);
/** How long fast-check may shrink a failing case before the smallest one so far is reported. */
const SHRINK_MS = 5_000;
const ANSWER_TIMEOUT_MS = 15_000;
const ACK_TIMEOUT_MS = 3_000;
/** Node refuses request lines past 16 KiB itself (431): parameters stay well under that. */
const MAX_URL_VALUE = 1_000;

type Role = 'anonymous' | 'learner' | 'curator' | 'admin' | 'revoked';
interface Account {
  role: 'user' | 'moderator' | 'admin';
  id: string;
  email: string;
  password: string;
  token: string;
}

// ── captured log ──────────────────────────────────────────────────────────────────────────────
interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}
class LogCapture extends Writable {
  readonly lines: LogLine[] = [];
  private rest = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    const text = this.rest + chunk.toString('utf8');
    const parts = text.split('\n');
    this.rest = parts.pop() ?? '';
    for (const part of parts) {
      if (!part.trim()) continue;
      try {
        this.lines.push(JSON.parse(part) as LogLine);
      } catch {
        this.lines.push({ level: 60, msg: `unparsable log line: ${part.slice(0, 200)}` });
      }
    }
    done();
  }
  errorsSince(mark: number): LogLine[] {
    return this.lines.slice(mark).filter((line) => line.level >= 50);
  }
}
const describeLog = (line: LogLine) =>
  `log level ${line.level}: ${line.msg ?? ''}${line.err?.message ? ` — ${line.err.message}` : ''}${
    line.err?.stack ? `\n      ${line.err.stack.split('\n').slice(0, 4).join('\n      ')}` : ''
  }`;

const logs = new LogCapture();
let t: TestApp;
const accounts: Record<'learner' | 'curator' | 'admin', Account> = {} as never;
let revokedToken = '';
const checkouts: { orderId: string; data: string; signature: string }[] = [];
const known: Record<string, unknown[]> = {};
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };
let requests = 0;
let emits = 0;
const summary: string[] = [];
const startedAt = Date.now();
const failures: string[] = [];
const timings: string[] = [];
/** Answers by status (or acknowledgement) for the route being fuzzed: how far the requests got. */
let statuses = new Map<number | string, number>();
const tally = (key: number | string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Multipart forms are read by the handler, not by Fastify: the contract's field schemas. */
const MULTIPART_FIELDS: Record<string, ZodType> = {
  'POST /api/exercises/': createExerciseFieldsSchema,
  'PATCH /api/exercises/': updateExerciseFieldsSchema,
  'POST /api/exercises/comment': addCommentFieldsSchema,
  'PATCH /api/exercises/comment': editCommentFieldsSchema,
  'POST /api/chats/upload': z.object({}),
  'POST /api/admin/courses/{id}/media': z.object({}),
};
/** Fuzzed on their own: form-urlencoded, outside the document. */
const SEPARATE = new Set(['POST /api/payments/process']);

const SOCKET_EVENTS: Record<string, ZodType> = {
  'chat:join': chatRoomSchema,
  'chat:leave': chatRoomSchema,
  'chat:send': chatSendSchema,
  'chat:edit': chatEditSchema,
  'chat:delete': chatDeleteSchema,
};

/** Which seeded records a path's `{id}` names. */
const ID_BY_PATH: [RegExp, string][] = [
  [/^\/api\/(admin\/)?courses\//, 'courseId'],
  [/^\/api\/(admin\/)?clubs\//, 'clubId'],
  [/^\/api\/(admin\/)?olympiads\//, 'olympiadId'],
  [/^\/api\/(partners|admin\/users)\//, 'userId'],
  [/^\/api\/exercises\//, 'exerciseId'],
  [/^\/api\/files\//, 'fileId'],
  [/^\/api\/payments\/(orders|subscriptions)\//, 'orderId'],
  [/^\/api\/game\/rounds\//, 'roundId'],
  [/^\/api\/admin\/game\/tasks\//, 'taskId'],
];
const SAME_AS: Record<string, string> = {
  inviterId: 'userId',
  day: 'lessonId',
  nextWave: 'wave',
  waveLabel: 'wave',
  id: 'taskId',
};

function generation(resolve: (ref: string) => JsonSchema, hugeLength: number): Generation {
  return {
    resolve,
    known: (name) => known[SAME_AS[name] ?? name] ?? [],
    now: t.clock.now(),
    hugeLength,
  };
}
const fromDocument = (ref: string): JsonSchema => {
  const name = ref.replace('#/components/schemas/', '');
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`the OpenAPI document has no ${ref}`);
  return schema;
};
function fromZod(schema: ZodType): { schema: JsonSchema; resolve: (ref: string) => JsonSchema } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  return { schema: json, resolve: (ref) => json.$defs?.[ref.replace('#/$defs/', '')] ?? {} };
}

// ── requests ──────────────────────────────────────────────────────────────────────────────────
type Auth = { kind: 'role'; role: Role } | { kind: 'header'; value: string };
interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; fields: [string, string][]; files: FilePart[] };
interface Request {
  method: string;
  path: string;
  query: [string, string][];
  auth: Auth;
  body: Body;
}
interface Answer {
  status: number;
  contentType: string;
  text: string;
  location: string | null;
  failure?: string;
}

function tokenOf(role: Role): string | undefined {
  if (role === 'anonymous') return undefined;
  if (role === 'revoked') return revokedToken;
  return accounts[role].token;
}

async function send(request: Request): Promise<Answer> {
  requests += 1;
  const headers: Record<string, string> = {};
  if (request.auth.kind === 'header') headers.authorization = request.auth.value;
  else {
    const token = tokenOf(request.auth.role);
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let body: string | FormData | undefined;
  const b = request.body;
  if (b.kind === 'json') {
    const text = JSON.stringify(b.value);
    if (text !== undefined) {
      headers['content-type'] = 'application/json';
      body = text;
    }
  } else if (b.kind === 'raw') {
    headers['content-type'] = b.contentType;
    body = b.text;
  } else if (b.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of b.fields) form.append(name, value);
    for (const file of b.files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    body = form;
  }
  const query = request.query.length ? `?${new URLSearchParams(request.query).toString()}` : '';
  const sentAt = Date.now();
  try {
    const response = await fetch(t.url + request.path + query, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    tally(response.status);
    const text = await response.text();
    if (VERBOSE) {
      const took = `${Date.now() - sentAt} ms`;
      console.info(
        `${response.status} in ${took}: ${describeRequest(request).slice(0, 300)}\n    → ${text.slice(0, 200)}`,
      );
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      location: response.headers.get('location'),
    };
  } catch (error) {
    return { status: 0, contentType: '', text: '', location: null, failure: `no answer: ${String(error)}` };
  }
}

function describeRequest(request: Request): string {
  const who = request.auth.kind === 'role' ? request.auth.role : `Authorization: ${brief(request.auth.value, 60)}`;
  const query = request.query.length ? `?${brief(request.query, 200)}` : '';
  const b = request.body;
  const body =
    b.kind === 'none'
      ? 'no body'
      : b.kind === 'json'
        ? `JSON ${brief(b.value, 400)}`
        : b.kind === 'raw'
          ? `${b.contentType}: ${brief(b.text, 200)}`
          : `multipart fields ${brief(b.fields, 300)} files ${brief(
              b.files.map((f) => ({ field: f.field, name: f.name, type: f.type, bytes: f.bytes.length })),
              300,
            )}`;
  return `${request.method} ${request.path}${query} as ${who}; ${body}`;
}

/** What is wrong with an answer, or null. */
function problemOf(answer: Answer, errors: LogLine[]): string | null {
  if (answer.failure) return answer.failure;
  const { status } = answer;
  if (status >= 500) return `answered ${status}: ${answer.text.slice(0, 300)}`;
  if (status < 200) return `answered ${status}`;
  if (status >= 400) {
    if (!answer.contentType.includes('json')) {
      return `answered ${status} with ${answer.contentType || 'no content type'}: ${answer.text.slice(0, 200)}`;
    }
    let message: unknown;
    try {
      message = (JSON.parse(answer.text) as { message?: unknown } | null)?.message;
    } catch {
      return `answered ${status} with broken JSON: ${answer.text.slice(0, 200)}`;
    }
    if (typeof message !== 'string' || !message.trim()) return `answered ${status} without a message: ${answer.text}`;
    if (!isUkrainian(message)) return `answered ${status} with a message that is not Ukrainian: ${message}`;
  }
  if (errors.length) return `answered ${status}, but logged an error:\n    ${errors.map(describeLog).join('\n    ')}`;
  return null;
}

/** Every answer checked the same way; a failing case is shrunk for a few seconds at most. */
async function checkAll<T>(
  label: string,
  arbitrary: fc.Arbitrary<T>,
  run: (value: T) => Promise<{ problem: string | null; described: string }>,
  runs = RUNS,
): Promise<void> {
  let failedAt: number | undefined;
  const started = Date.now();
  statuses = new Map();
  const seed = (SEED ^ hash(label)) | 0;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (failedAt !== undefined && Date.now() - failedAt > SHRINK_MS) return;
    const { problem, described } = await run(value);
    if (problem) {
      failedAt ??= Date.now();
      throw new Error(`${problem}\n    request: ${described}`);
    }
  });
  const details = await fc.check(property, { seed, numRuns: runs, endOnFailure: false });
  const answers = [...statuses].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([key, n]) => `${key}×${n}`);
  timings.push(`${label}: ${Date.now() - started} ms${answers.length ? `, ${answers.join(' ')}` : ''}`);
  if (details.failed) {
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    failures.push(
      `${label} (seed ${details.seed}, path ${details.counterexamplePath}, ${details.numShrinks} shrinks):\n  ${error}`,
    );
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The seeded accounts act as they were made: a role changed or a session ended by the fuzz is put back. */
async function restoreAccounts(): Promise<void> {
  for (const account of Object.values(accounts)) {
    const current = await t.api('GET', '/api/auth/current', { token: account.token });
    if (current.status === 200 && current.body.role === account.role) continue;
    await t.app.services.db.updateTable('users').set({ role: account.role }).where('id', '=', account.id).execute();
    account.token = await signIn(t, account.email, account.password);
  }
}

async function healthy(after: string): Promise<boolean> {
  const health = await send({
    method: 'GET',
    path: '/api/health',
    query: [],
    auth: { kind: 'role', role: 'anonymous' },
    body: { kind: 'none' },
  });
  if (health.status === 200) return true;
  failures.push(`GET /api/health answered ${health.status} ${health.failure ?? health.text} after ${after}`);
  return false;
}

// ── arbitraries for requests ──────────────────────────────────────────────────────────────────
const roleArb: fc.Arbitrary<Auth> = fc.oneof(
  {
    weight: 14,
    arbitrary: fc
      .constantFrom<Role>(
        'anonymous',
        'revoked',
        'learner',
        'learner',
        'learner',
        'curator',
        'curator',
        'admin',
        'admin',
        'admin',
      )
      .map((role) => ({ kind: 'role' as const, role })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'Bearer ',
        'Bearer x.y.z',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
        `Bearer ${'a'.repeat(5000)}`,
        'Basic dXNlcjpwYXNz',
        'bearer',
        'Token abc',
      )
      .map((value) => ({ kind: 'header' as const, value })),
  },
);

const OVERSIZE_FILE = new Uint8Array(MAX_FILE_BYTES + 1);
const fileArb: fc.Arbitrary<FilePart> = fc.record({
  field: fc.constantFrom('file', 'file', 'file', 'file', 'attachment'),
  name: fc.constantFrom(
    'photo.png',
    'homework.pdf',
    'я — домашка.png',
    '../../../etc/passwd',
    '..\\..\\boot.ini',
    `${'a'.repeat(300)}.png`,
    '.htaccess',
    'virus.exe',
    'noext',
    'image.svg',
    'x.png\u0000.html',
  ),
  type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/svg+xml', 'application/octet-stream', ''),
  bytes: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(PNG, PDF, FAKE_PDF, SVG, new Uint8Array(0)) },
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
    { weight: 1, arbitrary: fc.constant(OVERSIZE_FILE) },
  ),
});

/** Lone surrogates cannot be percent-encoded: they become U+FFFD, as URLSearchParams makes them. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const RAW_PATH_VALUES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '..', '%2e%2e', 'a%2Fb', '%FF%FE', ';x=1'];

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

function toPairs(value: unknown): [string, string][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [['value', asText(value)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]): [string, string][] =>
    Array.isArray(v) ? v.map((item): [string, string] => [key, asText(item)]) : [[key, asText(v)]],
  );
}

/** Valid JSON nested deeper than any recursion survives (600 KB, under the 1 MiB body limit). */
const DEEP_JSON = ['['.repeat(200_000) + ']'.repeat(200_000), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`];
const BROKEN_JSON = ['{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', "{'a':1}", '{"a":"\\ud800"}', '1e99999'];
const BROKEN_MULTIPART: { contentType: string; text: string }[] = [
  { contentType: 'multipart/form-data', text: 'no boundary at all' },
  {
    contentType: 'multipart/form-data; boundary=xyz',
    text: '--xyz\r\nContent-Disposition: form-data; name="homework"\r\n\r\nunfinished',
  },
  {
    contentType: 'multipart/form-data; boundary=xyz',
    text: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { contentType: 'multipart/form-data; boundary=xyz', text: '--xyz--\r\n' },
  { contentType: 'multipart/form-data; boundary=xyz', text: 'garbage' },
  { contentType: 'multipart/form-data; boundary=', text: '----\r\n' },
];

function bodyArb(method: string, op: Operation, multipart: JsonSchema | undefined, g: Generation, hostile: boolean) {
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const none = fc.constant<Body>({ kind: 'none' });
  if (method === 'GET') return none;
  const raw = (contentType: string, texts: fc.Arbitrary<string>) =>
    texts.map((text): Body => ({ kind: 'raw', contentType, text }));
  const strange: fc.WeightedArbitrary<Body>[] = [
    { weight: 1, arbitrary: none },
    { weight: 1, arbitrary: raw('application/json', fc.constant('')) },
    { weight: 1, arbitrary: raw('application/json', fc.constantFrom(...BROKEN_JSON)) },
    { weight: 1, arbitrary: raw('application/json', fc.constantFrom(...DEEP_JSON)) },
    { weight: 1, arbitrary: raw('text/plain', fc.oneof(fc.string(), fc.constantFrom(...NASTY))) },
    { weight: 1, arbitrary: raw('application/xml', fc.constant('<?xml version="1.0"?><a>&xxe;</a>')) },
  ];
  if (hostile) {
    strange.push({
      weight: 1,
      arbitrary: fc.constant<Body>({
        kind: 'raw',
        contentType: 'application/json',
        text: JSON.stringify({ x: 'a'.repeat(1_100_000) }),
      }),
    });
  }
  if (jsonSchema) {
    const value = arbitraryFor(jsonSchema, g, { hostile });
    return fc.oneof(
      { weight: 16, arbitrary: value.map((v): Body => ({ kind: 'json', value: v })) },
      ...strange,
      {
        weight: 1,
        arbitrary: value.map(
          (v): Body => ({
            kind: 'raw',
            contentType: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(toPairs(v)).toString(),
          }),
        ),
      },
      { weight: 1, arbitrary: value.map((v): Body => ({ kind: 'multipart', fields: toPairs(v), files: [] })) },
      {
        weight: 1,
        // The prototype keys next to a body that is otherwise right.
        arbitrary: fc.tuple(value, fc.constantFrom('__proto__', 'constructor')).map(([v, key]): Body => {
          const text = JSON.stringify(v) ?? 'null';
          return {
            kind: 'raw',
            contentType: 'application/json',
            text:
              text.startsWith('{') && text !== '{}' ? `{"${key}":{"role":"admin"},${text.slice(1)}` : `{"${key}":{}}`,
          };
        }),
      },
    );
  }
  if (multipart) {
    const fields = arbitraryFor(multipart, g, { hostile });
    const files = fc.oneof(
      { weight: 2, arbitrary: fc.constant<FilePart[]>([]) },
      { weight: 5, arbitrary: fileArb.map((f) => [f]) },
      { weight: 1, arbitrary: fc.array(fileArb, { minLength: 2, maxLength: 3 }) },
    );
    return fc.oneof(
      {
        weight: 16,
        arbitrary: fc.tuple(fields, files).map(([v, f]): Body => ({ kind: 'multipart', fields: toPairs(v), files: f })),
      },
      {
        weight: 1,
        arbitrary: fields.map(
          (v): Body => ({
            kind: 'multipart',
            fields: [...toPairs(v), ...Array.from({ length: 14 }, (_, i): [string, string] => [`extra${i}`, 'x'])],
            files: [],
          }),
        ),
      },
      { weight: 2, arbitrary: fields.map((v): Body => ({ kind: 'json', value: v })) },
      { weight: 2, arbitrary: fc.constantFrom(...BROKEN_MULTIPART).map((m): Body => ({ kind: 'raw', ...m })) },
      ...strange,
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: none },
    { weight: 2, arbitrary: hostileValue(g).map((v): Body => ({ kind: 'json', value: v })) },
    ...strange,
  );
}

function requestArb(method: string, path: string, op: Operation, multipart: JsonSchema | undefined) {
  const g = generation(fromDocument, 100_000);
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const idKind = ID_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'id';
  // Built once per mode (not per run): three requests in five well-shaped, two hostile.
  const variant = (hostile: boolean) => {
    // Path values go percent-encoded, and in hostile requests sometimes raw: broken escapes, dot segments.
    const pathValues = fc.tuple(
      ...pathParams.map((p) => {
        const encoded = arbitraryFor(p.schema, g, { name: p.name === 'id' ? idKind : p.name, hostile }).map(
          (v): [string, string] => [p.name, encodeURIComponent(wellFormed(asText(v).slice(0, MAX_URL_VALUE)))],
        );
        if (!hostile) return encoded;
        const raw = fc.constantFrom(...RAW_PATH_VALUES).map((v): [string, string] => [p.name, v]);
        return fc.oneof({ weight: 7, arbitrary: encoded }, { weight: 1, arbitrary: raw });
      }),
    );
    const queryValues = fc.tuple(
      ...queryParams.map((p) => {
        const value = arbitraryFor(p.schema, g, { name: p.name, hostile });
        return (p.required ? value : fc.option(value, { nil: undefined })).map((v): [string, string][] =>
          v === undefined
            ? []
            : Array.isArray(v)
              ? v.map((item): [string, string] => [p.name, asText(item).slice(0, MAX_URL_VALUE)])
              : [[p.name, asText(v).slice(0, MAX_URL_VALUE)]],
        );
      }),
    );
    const extraQuery = hostile
      ? fc.option(
          fc.constantFrom<[string, string][]>(
            [['__proto__', 'x']],
            [['constructor[prototype][role]', 'admin']],
            [
              ['page', '1'],
              ['page', '2'],
            ],
            [['limit', '-1']],
            [['', '']],
          ),
          { nil: [] as [string, string][] },
        )
      : fc.constant([] as [string, string][]);
    return fc.record({
      pathValues,
      query: fc.tuple(queryValues, extraQuery).map(([values, extra]) => [...values.flat(), ...extra]),
      auth: roleArb,
      body: bodyArb(method.toUpperCase(), op, multipart, g, hostile),
    });
  };
  return fc.oneof({ weight: 3, arbitrary: variant(false) }, { weight: 2, arbitrary: variant(true) }).map(
    ({ pathValues, query, auth, body }): Request => ({
      method: method.toUpperCase(),
      path: pathValues.reduce((p, [name, value]) => p.replace(`{${name}}`, value), path),
      query,
      auth,
      body,
    }),
  );
}

// ── the state the requests act on ─────────────────────────────────────────────────────────────
async function account(role: Account['role']): Promise<Account> {
  const person = newPerson();
  if (role === 'user') {
    const answer = await t.api('POST', '/api/auth/register', { body: person });
    expect(answer.status).toBe(201);
    return { role, id: answer.body.user._id, email: person.email, password: person.password, token: answer.body.token };
  }
  const staff = await staffAccount(t, role);
  return { role, id: staff.id, email: staff.person.email, password: staff.person.password, token: staff.token };
}

const openSockets: ChatClient[] = [];

beforeAll(async () => {
  console.info(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it), ${RUNS} runs a route (FUZZ_RUNS)`);
  t = await startTestApp({ LOG_LEVEL: 'warn', RATE_LIMIT_CHAT: '100000' }, { logStream: logs });
  const { alpha, beta } = await importFixtures(t);
  accounts.learner = await account('user');
  accounts.curator = await account('moderator');
  accounts.admin = await account('admin');
  const { learner, curator, admin } = accounts;
  const invitee = await t.api('POST', '/api/auth/register', { body: newPerson({ inviterId: learner.id }) });
  expect(invitee.status).toBe(201);
  const gone = await account('user');
  revokedToken = gone.token;
  expect((await t.api('POST', '/api/auth/logout', { token: revokedToken })).status).toBe(204);

  // Homework with a file, a curator's comment with a file, the learner's answer, a rating.
  const exercise = await t.form('POST', '/api/exercises', {
    token: learner.token,
    fields: { courseId: alpha, lessonId: '1', homework: 'Моя домашня робота' },
    file: { bytes: PNG, name: 'photo.png', type: 'image/png' },
  });
  expect(exercise.status).toBe(201);
  const review = await t.form('POST', '/api/exercises/comment', {
    token: curator.token,
    fields: { exerciseId: exercise.body._id, comment: 'Добре, але перегляньте наголоси' },
    file: { bytes: PDF, name: 'notes.pdf', type: 'application/pdf' },
  });
  expect(review.status).toBe(201);
  const reply = await t.form('POST', '/api/exercises/comment', {
    token: learner.token,
    fields: { exerciseId: exercise.body._id, comment: 'Дякую!' },
  });
  expect(reply.status).toBe(201);
  const rated = await t.api('PATCH', '/api/exercises/rating', {
    token: curator.token,
    body: { exerciseId: exercise.body._id, rating: 10 },
  });
  expect(rated.status).toBe(200);

  // A diary entry, a game round, chat messages (one with a file).
  const p = kyivParts(t.clock.now());
  const today = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const diary = await t.api('POST', '/api/diary', {
    token: learner.token,
    body: { courseId: alpha, lessonId: '1', date: today, entry: 'Сьогодні говорив українською' },
  });
  expect(diary.status).toBe(201);
  const round = await t.api('POST', '/api/game/rounds', { token: learner.token });
  expect(round.status).toBe(201);
  const courses = await t.api('GET', '/api/courses', { token: learner.token });
  const wave = courses.body.courses.find((c: { _id: string }) => c._id === alpha).wave as string;
  const upload = await t.form('POST', '/api/chats/upload', {
    token: learner.token,
    fields: {},
    file: { bytes: PNG, name: 'chat.png', type: 'image/png' },
  });
  expect(upload.status).toBe(201);
  const messages: string[] = [];
  for (const [who, extra] of [
    [learner, { fileURL: upload.body.fileURL, fileType: upload.body.fileType, fileName: upload.body.fileName }],
    [curator, {}],
  ] as const) {
    const socket = await connect(t, who.token);
    openSockets.push(socket);
    const joined = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('chat:join', { courseId: alpha, wave });
    expect(joined).toEqual({ ok: true });
    const sent = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('chat:send', { courseId: alpha, wave, text: 'Привіт усім!', ...extra });
    if (!sent.ok || !sent.message) throw new Error(`chat:send failed: ${JSON.stringify(sent)}`);
    messages.push(sent.message._id);
  }

  // A paid donation and a running monthly subscription (through the sandbox).
  const paid = await donateAndPay(t, learner.token, 120);
  const monthly = await t.api('POST', '/api/payments/donat', {
    token: learner.token,
    body: { amount: 480, subscribe: true, offerAccepted: true, comment: 'щомісяця' },
  });
  expect(monthly.status).toBe(200);
  const subscribed = await postForm(t, '/sandbox/liqpay/checkout/complete', {
    data: monthly.body.data,
    signature: monthly.body.signature,
    choice: 'pay',
  });
  expect(subscribed.status).toBe(303);

  // Orders still waiting for payment: their signed forms are what the sandbox checkout gets.
  for (const [amount, subscribe] of [
    [40, false],
    [80, false],
    [160, true],
  ] as const) {
    const checkout = await t.api('POST', '/api/payments/donat', {
      token: learner.token,
      body: { amount, subscribe, offerAccepted: true },
    });
    expect(checkout.status).toBe(200);
    checkouts.push(checkout.body);
  }

  // A club with a sign-up, an olympiad under way with an attempt, and one to come.
  const club = await t.api('POST', '/api/admin/clubs', {
    token: admin.token,
    body: {
      title: 'Розмовний клуб «Кава українською»',
      description: 'Говоримо про щоденне.',
      city: 'Київ',
      place: 'Бібліотека на Подолі',
      link: 'https://meet.example.org/kava',
      host: 'Тарас Мельник',
      startsAt: t.clock.now() + 3 * DAY,
      durationMin: 90,
      capacity: 5,
    },
  });
  expect(club.status).toBe(201);
  expect((await t.api('POST', `/api/clubs/${club.body._id}/signup`, { token: learner.token })).status).toBe(200);
  const olympiad = (startsAt: number, title: string) =>
    t.api('POST', '/api/admin/olympiads', {
      token: admin.token,
      body: { title, startsAt, endsAt: startsAt + DAY, durationMin: 20, taskCount: 5 },
    });
  const running = await olympiad(t.clock.now() + 60_000, 'Осіння олімпіада');
  const coming = await olympiad(t.clock.now() + 2 * DAY, 'Зимова олімпіада');
  expect([running.status, coming.status]).toEqual([201, 201]);
  t.clock.advance(2 * 60_000);
  expect((await t.api('POST', `/api/olympiads/${running.body._id}/start`, { token: learner.token })).status).toBe(200);

  const tasks = await t.api('GET', '/api/admin/game/tasks', { token: admin.token });
  // Signed file links: /api/files/<id>?e=<expires>&s=<signature>.
  const links = [exercise.body.fileURL, review.body.fileURL, upload.body.fileURL].map(
    (link: string) => new URL(link, t.url),
  );
  Object.assign(known, {
    courseId: [alpha, beta],
    lessonId: ['1', '2', '3', 1],
    wave: [...courses.body.courses.map((c: { wave: string }) => c.wave), '2'],
    exerciseId: [exercise.body._id],
    commentId: [review.body._id, reply.body._id],
    messageId: messages,
    orderId: [paid, monthly.body.orderId],
    userId: [learner.id, curator.id, admin.id, invitee.body.user._id],
    clubId: [club.body._id],
    olympiadId: [running.body._id, coming.body._id],
    roundId: [round.body.roundId],
    taskId: tasks.body.tasks.slice(0, 3).map((task: { id?: string; _id?: string }) => task.id ?? task._id),
    fileId: links.map((link) => link.pathname.split('/').pop()),
    e: links.map((link) => link.searchParams.get('e')),
    s: links.map((link) => link.searchParams.get('s')),
    email: [learner.email, curator.email],
    password: [learner.password],
    city: ['Київ'],
    // Not records, but values the rules accept, so requests get past validation more often.
    date: [today, '2026-03-03'],
    fileURL: [''],
    amount: [40, 120, 480],
    start: [t.clock.now() - 30 * DAY],
    end: [t.clock.now() + DAY],
  });
  doc = (await t.api('GET', '/api/docs/json')).body;
  for (const socket of openSockets) socket.close();
  openSockets.length = 0;
}, 120_000);

afterAll(async () => {
  for (const socket of openSockets) socket.close();
  await t?.close();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  console.info(
    `fuzz: seed ${SEED}, ${RUNS} runs a route: ${summary.join(', ')}; ${requests} HTTP requests and ${emits} socket emits in ${seconds} s`,
  );
  if (VERBOSE || process.env.FUZZ_STATS) {
    console.info(`fuzz, per route (time, answers by status):\n  ${timings.join('\n  ')}`);
  }
});

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

describe('fuzzing', () => {
  it(
    'every socket event: acks {ok, message}, the connection survives, nothing crashes',
    async () => {
      const io = (t.app.services.broadcaster as unknown as { io: RealtimeServer }).io;
      const reasons = new Map<ChatClient, string>();
      const sockets = new Map<string, ChatClient>();
      const socketFor = async (role: 'learner' | 'curator' | 'admin') => {
        const open = sockets.get(role);
        if (open?.connected) return open;
        await restoreAccounts();
        const socket = await connect(t, accounts[role].token);
        socket.on('disconnect', (reason) => reasons.set(socket, reason));
        openSockets.push(socket);
        sockets.set(role, socket);
        return socket;
      };

      // The events come from the running server, so a new one cannot go unfuzzed.
      const first = await socketFor('learner');
      const listened = (
        io
          .of('/')
          .sockets.get(first.id ?? '')
          ?.eventNames() ?? []
      )
        .map(String)
        .filter((name) => !['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener'].includes(name));
      expect(listened.sort()).toEqual(Object.keys(SOCKET_EVENTS).sort());

      type Emit = (event: string, ...args: unknown[]) => Promise<unknown>;
      const probe = { courseId: 'probe', wave: '1' };
      for (const [event, schema] of Object.entries(SOCKET_EVENTS)) {
        const { schema: json, resolve } = fromZod(schema);
        const g = generation(resolve, 20_000);
        const arbitrary = fc.record({
          role: fc.constantFrom('learner' as const, 'curator' as const, 'admin' as const),
          payload: fc.oneof(
            { weight: 5, arbitrary: arbitraryFor(json, g, { hostile: false }) },
            { weight: 3, arbitrary: arbitraryFor(json, g, { hostile: true }) },
            { weight: 1, arbitrary: hostileValue(g) },
            { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
          ),
          ack: fc.constantFrom('function', 'function', 'function', 'none', 'number', 'string', 'extra', 'only-ack'),
        });
        await checkAll(
          `socket ${event}`,
          arbitrary,
          async ({ role, payload, ack }) => {
            const described = `${event} as ${role}, ack ${ack}, payload ${brief(payload, 400)}`;
            const socket = await socketFor(role);
            const mark = logs.lines.length;
            emits += 1;
            const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck: Emit };
            const untimed = socket as unknown as { emit: (event: string, ...args: unknown[]) => void };
            let problem: string | null = null;
            if (ack === 'function' || ack === 'only-ack') {
              const result = await (ack === 'function'
                ? timed.emitWithAck(event, payload)
                : timed.emitWithAck(event)
              ).catch((error: unknown) => ({ failure: String(error) }));
              problem = ackProblem(result);
              tally((result as { ok?: unknown } | null)?.ok === true ? 'ok' : 'refused');
              if (VERBOSE) console.info(`${brief(result, 200)} ← ${described.slice(0, 300)}`);
            } else if (ack === 'none') untimed.emit(event, payload);
            else if (ack === 'number') untimed.emit(event, payload, 42);
            else if (ack === 'string') untimed.emit(event, payload, 'ack');
            else untimed.emit(event, payload, { ack: true }, 'x', 7);
            // The connection still answers (the events are handled in order).
            if (!problem && socket.connected) {
              const alive = await timed
                .emitWithAck('chat:leave', probe)
                .catch((error: unknown) => ({ failure: String(error) }));
              if (!socket.connected) problem = null;
              else if (JSON.stringify(alive) !== '{"ok":true}')
                problem = `the socket stopped answering: ${brief(alive)}`;
            }
            if (!problem && !socket.connected) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              const reason = reasons.get(socket) ?? 'unknown';
              if (reason !== 'io server disconnect') problem = `the connection dropped (${reason})`;
            }
            const errors = logs.errorsSince(mark);
            if (!problem && errors.length) problem = `logged an error:\n    ${errors.map(describeLog).join('\n    ')}`;
            return { problem, described };
          },
          // Socket events are cheap: twice the runs.
          RUNS * 2,
        );
      }

      // Unknown events are ignored; the connection stays.
      await checkAll(
        'socket unknown events',
        fc.record({
          event: fc.oneof(
            fc.constantFrom('chat:nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'chat'),
            fc.string({ maxLength: 20 }),
          ),
          payload: hostileValue(generation(() => ({}), 20_000)),
        }),
        async ({ event, payload }) => {
          const socket = await socketFor('learner');
          const mark = logs.lines.length;
          if (
            ['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener'].includes(event)
          ) {
            return { problem: null, described: event };
          }
          (socket as unknown as { emit: (event: string, ...args: unknown[]) => void }).emit(event, payload);
          emits += 1;
          const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck: Emit };
          const alive = await timed
            .emitWithAck('chat:leave', probe)
            .catch((error: unknown) => ({ failure: String(error) }));
          const errors = logs.errorsSince(mark);
          const problem =
            JSON.stringify(alive) !== '{"ok":true}'
              ? `the socket stopped answering: ${brief(alive)} (${reasons.get(socket) ?? 'connected'})`
              : errors.length
                ? `logged an error:\n    ${errors.map(describeLog).join('\n    ')}`
                : null;
          return { problem, described: `${brief(event)} with ${brief(payload)}` };
        },
      );

      // A handshake with anything but a live session's token is refused, and nothing breaks.
      await checkAll(
        'socket handshake',
        fc.oneof(
          fc.constantFrom<unknown>(
            undefined,
            revokedToken,
            '',
            'Bearer x',
            'a'.repeat(5000),
            `${accounts.learner.token}x`,
          ),
          hostileValue(generation(() => ({}), 20_000)),
        ),
        async (token) => {
          const mark = logs.lines.length;
          const refusal = await new Promise<string>((resolve) => {
            const socket = (connect as (t: TestApp, token: unknown) => Promise<ChatClient>)(t, token);
            socket.then(
              (s) => {
                s.close();
                resolve('connected');
              },
              (error: Error) => resolve(error.message),
            );
          });
          const errors = logs.errorsSince(mark);
          const problem =
            refusal !== CHAT_MESSAGES.unauthorized
              ? `the handshake ended with «${refusal}»`
              : errors.length
                ? `logged an error:\n    ${errors.map(describeLog).join('\n    ')}`
                : null;
          return { problem, described: `auth { token: ${brief(token)} }` };
        },
        Math.max(10, Math.round(RUNS / 2)),
      );

      // A frame over the 64 KiB limit ends that connection only.
      const big = await socketFor('admin');
      (big as unknown as { emit: (event: string, ...args: unknown[]) => void }).emit('chat:send', {
        courseId: 'x',
        wave: '1',
        text: 'a'.repeat(70_000),
      });
      for (let i = 0; i < 50 && big.connected; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(big.connected).toBe(false);
      const again = await socketFor('admin');
      expect(await again.timeout(ACK_TIMEOUT_MS).emitWithAck('chat:leave', probe)).toEqual({ ok: true });
      expect(await healthy('the socket fuzz')).toBe(true);
      summary.push(`${listened.length} socket events, unknown events and handshakes`);
      report();
    },
    120_000 * SCALE,
  );

  it(
    'every HTTP route of the OpenAPI document: < 500, refusals are 4xx {message}',
    async () => {
      const operations = Object.entries(doc.paths)
        .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
        .filter(({ method }) => METHOD_ORDER.includes(method))
        .sort(
          (a, b) =>
            Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout') ||
            METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) ||
            a.path.localeCompare(b.path),
        );
      // Every form read by a handler has its fields here, and nothing here is stale.
      const multipartInDoc = operations
        .filter(({ op }) => /multipart/i.test(op.summary ?? ''))
        .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
      expect(multipartInDoc.sort()).toEqual(Object.keys(MULTIPART_FIELDS).sort());
      expect(operations.length).toBeGreaterThan(80);

      let covered = 0;
      const before = requests;
      for (const { path, method, op } of operations) {
        const label = `${method.toUpperCase()} ${path}`;
        if (SEPARATE.has(label) || (ONLY && !label.includes(ONLY))) continue;
        covered += 1;
        const fields = MULTIPART_FIELDS[label];
        const arbitrary = requestArb(method, path, op, fields ? fromZod(fields).schema : undefined);
        await checkAll(label, arbitrary, async (request) => {
          const mark = logs.lines.length;
          const answer = await send(request);
          return { problem: problemOf(answer, logs.errorsSince(mark)), described: describeRequest(request) };
        });
        if (!(await healthy(label))) break;
        await restoreAccounts();
      }
      summary.push(`${covered} of ${operations.length} OpenAPI operations (${requests - before} requests)`);
      report();
    },
    170_000 * SCALE,
  );

  it(
    'the provider callback and the sandbox checkout: forms, signatures, signed garbage',
    async () => {
      const g = generation(() => ({}), 20_000);
      const orderIds = known.orderId as string[];
      const orNasty = <T>(arbitrary: fc.Arbitrary<T>) =>
        fc.oneof(
          { weight: 4, arbitrary: arbitrary as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: hostileValue(g) },
        );
      const url = fc.constantFrom(
        `${t.url}/api/payments/process`,
        `${t.url}/uk/donat`,
        `${t.url}/api/auth/logout`,
        `${t.url}/sandbox/liqpay/checkout/complete`,
        'https://evil.example/x',
        '',
      );
      const instant = fc.oneof(
        fc.integer({ min: -DAY, max: DAY }).map((d) => t.clock.now() + d),
        fc.constantFrom<unknown>('2026-01-01 00:00:00', '', -1, 0),
      );
      /** Callback and checkout parameters: mostly what the provider sends, each one possibly wrong. */
      const params = fc.record(
        {
          action: orNasty(fc.constantFrom('pay', 'subscribe', 'regular', 'unsubscribe', 'status', 'refund')),
          status: orNasty(
            fc.constantFrom(
              'success',
              'failure',
              'error',
              'subscribed',
              'unsubscribed',
              'reversed',
              'sandbox',
              'wait_accept',
            ),
          ),
          order_id: orNasty(fc.constantFrom(...orderIds, ...checkouts.map((c) => c.orderId), 'unknown-order')),
          payment_id: orNasty(fc.oneof(fc.constantFrom('paid-1', '2000000001'), fc.integer())),
          amount: orNasty(fc.oneof(fc.constantFrom(120, 480, 40, 100_000, '120', '1e3', 0, -5), fc.double())),
          currency: orNasty(fc.constantFrom('UAH', 'USD', '')),
          end_date: orNasty(instant),
          create_date: orNasty(instant),
          description: orNasty(fc.constantFrom(...WORDS)),
          info: orNasty(fc.constantFrom(...WORDS)),
          customer: orNasty(fc.constantFrom(...(known.userId as string[]))),
          result_url: orNasty(url),
          server_url: orNasty(url),
          sender_card_mask2: orNasty(fc.constant('424242*42')),
          err_code: orNasty(fc.constantFrom('cancel', 'limit')),
        },
        { requiredKeys: [] },
      );
      /** Data the provider's key signed: JSON parameters, or anything at all. */
      const signed = fc
        .oneof(
          {
            weight: 6,
            arbitrary: params.map((p) =>
              Buffer.from(JSON.stringify({ version: 3, public_key: provider.publicKey, ...p })).toString('base64'),
            ),
          },
          { weight: 1, arbitrary: hostileValue(g).map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64')) },
          { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
        )
        .map((data) => ({ data, signature: provider.sign(data) }));
      const form = fc.oneof(
        { weight: 6, arbitrary: signed.map((f): Record<string, string> => f) },
        // Forms the server itself signed for real orders (what the browser posts to the sandbox).
        {
          weight: 3,
          arbitrary: fc
            .constantFrom(...checkouts)
            .map((c): Record<string, string> => ({ data: c.data, signature: c.signature })),
        },
        {
          weight: 2,
          arbitrary: signed.chain((f) =>
            fc.string({ maxLength: 60 }).map((signature) => ({ data: f.data, signature })),
          ),
        },
        {
          weight: 2,
          arbitrary: fc.dictionary(
            fc.constantFrom('data', 'signature', 'choice', 'x', '__proto__'),
            fc.oneof(fc.string(), fc.constantFrom(...NASTY, ...WORDS)),
          ),
        },
      );
      for (const path of [
        '/api/payments/process',
        '/sandbox/liqpay/checkout',
        '/sandbox/liqpay/checkout/complete',
        '/sandbox/liqpay/api/request',
      ]) {
        await checkAll(
          `POST ${path}`,
          fc.record({
            form,
            choice: fc.constantFrom('pay', 'decline', undefined, ''),
            encoding: fc.constantFrom('form', 'form', 'form', 'form', 'json', 'text', 'none'),
          }),
          async ({ form: fields, choice, encoding }) => {
            const all = choice === undefined ? fields : { ...fields, choice };
            const body: Body =
              encoding === 'form'
                ? {
                    kind: 'raw',
                    contentType: 'application/x-www-form-urlencoded',
                    text: new URLSearchParams(all).toString(),
                  }
                : encoding === 'json'
                  ? { kind: 'json', value: all }
                  : encoding === 'text'
                    ? { kind: 'raw', contentType: 'text/plain', text: JSON.stringify(all) }
                    : { kind: 'none' };
            const request: Request = {
              method: 'POST',
              path,
              query: [],
              auth: { kind: 'role', role: 'anonymous' },
              body,
            };
            const mark = logs.lines.length;
            const answer = await send(request);
            let problem = problemOf(answer, logs.errorsSince(mark));
            if (!problem && answer.status >= 300 && answer.status < 400 && !answer.location?.startsWith(`${t.url}/`)) {
              problem = `redirected off the site: ${answer.location}`;
            }
            return { problem, described: describeRequest(request) };
          },
        );
        if (!(await healthy(path))) break;
      }
      summary.push('the provider callback and 3 sandbox form routes');
      report();
    },
    120_000 * SCALE,
  );

  it('paths and methods outside the document: < 500, API refusals are 4xx {message}', async () => {
    const documented = Object.keys(doc.paths);
    const segment = fc.oneof(
      fc.constantFrom(...RAW_PATH_VALUES, '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fpackage.json', 'index.html', ''),
      fc.string({ maxLength: 20 }).map((text) => encodeURIComponent(wellFormed(text))),
    );
    const path = fc.oneof(
      // A documented path with a method it does not have.
      fc.constantFrom(...documented).map((p) => p.replaceAll(/\{[^}]+\}/g, 'x')),
      fc
        .tuple(
          fc.constantFrom('/api', '/api/admin', '/media', '/sandbox/liqpay', '/socket.io', '/api/docs'),
          segment,
          segment,
        )
        .map(([prefix, a, b]) => `${prefix}/${a}/${b}`),
    );
    await checkAll(
      'unknown paths and methods',
      fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        path,
        auth: roleArb,
      }),
      async ({ method, path: p, auth }) => {
        const request: Request = { method, path: p, query: [], auth, body: { kind: 'none' } };
        const mark = logs.lines.length;
        const answer = await send(request);
        // Outside /api the web app and static files answer in their own formats; a crash is a crash anywhere.
        const api = p.startsWith('/api/') && !p.startsWith('/api/docs');
        const problem = api
          ? problemOf(answer, logs.errorsSince(mark))
          : answer.failure || answer.status >= 500
            ? `answered ${answer.status || answer.failure}: ${answer.text.slice(0, 200)}`
            : logs.errorsSince(mark).map(describeLog).join('\n    ') || null;
        return { problem, described: describeRequest(request) };
      },
      RUNS * 3,
    );
    expect(await healthy('unknown paths')).toBe(true);
    summary.push('unknown paths and methods');
    report();
  });

  it('logged no error while being fuzzed', () => {
    const errors = logs.lines.filter((line) => line.level >= 50);
    expect(errors.map(describeLog)).toEqual([]);
  });
});

/** Fails with every collected case, readably. */
function report(): void {
  const found = failures.splice(0);
  if (found.length) {
    throw new Error(`${found.length} fuzz failure(s), seed ${SEED}:\n\n${found.join('\n\n')}`);
  }
}

function ackProblem(result: unknown): string | null {
  if (result && typeof result === 'object' && 'failure' in result)
    return `no acknowledgement: ${String(result.failure)}`;
  if (!result || typeof result !== 'object' || typeof (result as { ok?: unknown }).ok !== 'boolean') {
    return `the acknowledgement is not { ok }: ${brief(result)}`;
  }
  const { ok, message } = result as { ok: boolean; message?: unknown };
  if (!ok && (typeof message !== 'string' || !isUkrainian(message))) {
    return `a refusal without a Ukrainian message: ${brief(result)}`;
  }
  if (ok && typeof message === 'string') return `an ok acknowledgement with a text message: ${brief(result)}`;
  return null;
}
