import fc from 'fast-check';

/**
 * fast-check arbitraries derived from JSON Schema (the OpenAPI document's and the contract's
 * `z.toJSONSchema`): mostly values of the right shape, some at and past the limits, and in
 * "hostile" mode, at any node, values of the wrong type, huge, NUL/RTL/lone surrogates,
 * prototype keys, extra and missing keys, deep nesting, SQL and HTML. Fields named like a seeded
 * record's id get real ids, so requests get past the lookups.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Generation {
  /** The schema a `$ref` points to. */
  resolve(ref: string): JsonSchema;
  /** Real values of the seeded state for a field or parameter of this name (may be empty). */
  known(name: string): readonly unknown[];
  /** The test clock: instants are generated around it. */
  now: number;
  /** The longest "huge" string (sockets refuse frames over 64 KiB). */
  hugeLength: number;
}

const DAY = 24 * 60 * 60 * 1000;
const MAX_DEPTH = 6;

/** Valid-looking text: Ukrainian words, and payloads a careless server trips over. */
export const WORDS = [
  'Марʼяна',
  "Об'єднання",
  'Ковальчук-Орел',
  'Київ',
  'Добрий день!',
  'їжачок ґанок єнот',
  'Тарас Шевченко',
  'https://example.org/a?b=c',
  'person@example.org',
  '2026-03-03',
  '1',
  '29',
];
export const NASTY = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "'); DELETE FROM sessions; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  'Z\u0351\u0358\u0360a\u0362l\u0334g\u0335o',
  '💩🇺🇦👩‍👩‍👧‍👦',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '%2e%2e%2f',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x10',
  ' 1 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  ' ',
  '\t\n\r',
  '',
];

/** JSON objects with own `__proto__` / `constructor` keys (an object literal cannot have them). */
const PROTO_OBJECTS = [
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"__proto__":null}',
];

function deepNest(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const repeated = new Map<string, string>();
/** `text` repeated `times` times, built once. */
function repeat(text: string, times: number): string {
  const key = `${text}:${times}`;
  let value = repeated.get(key);
  if (value === undefined) {
    value = text.repeat(times);
    repeated.set(key, value);
  }
  return value;
}

const hostileValues = new Map<number, fc.Arbitrary<unknown>>();
/** Any value of the wrong kind. */
export function hostileValue(g: Pick<Generation, 'hugeLength'>): fc.Arbitrary<unknown> {
  let arbitrary = hostileValues.get(g.hugeLength);
  if (!arbitrary) {
    arbitrary = buildHostileValue(g.hugeLength);
    hostileValues.set(g.hugeLength, arbitrary);
  }
  return arbitrary;
}

function buildHostileValue(hugeLength: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 53 + 2) },
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...NASTY) },
    { weight: 1, arbitrary: fc.constant(repeat('я', hugeLength)) },
    { weight: 1, arbitrary: fc.constant(repeat('a', hugeLength)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], [[]], ['1', 2]) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_OBJECTS).map((text) => JSON.parse(text) as unknown) },
    { weight: 1, arbitrary: fc.constantFrom(64, 2000).map((depth) => deepNest(depth, 'array')) },
    { weight: 1, arbitrary: fc.constantFrom(64, 2000).map((depth) => deepNest(depth, 'object')) },
  );
}

/** `s` padded or cut to [min, max] characters. */
function fit(s: string, min: number, max: number): string {
  let out = s;
  if (out.length > max) out = out.slice(0, max);
  while (out.length < min) out += 'а';
  return out;
}

/** Instants near the clock for fields that hold one. */
const TIME_NAME = /(At|Date|date|start|Start|end|End|deadline)$/;

function intArb(min: number, max: number): fc.Arbitrary<number> {
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (lo > hi) return fc.constant(lo);
  const small = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) });
  if (lo >= -(2 ** 31) && hi <= 2 ** 31 - 1) return small;
  if (Math.max(lo, -(2 ** 31)) > Math.min(hi, 2 ** 31 - 1)) {
    return fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  }
  return fc.oneof(
    { weight: 4, arbitrary: small },
    { weight: 1, arbitrary: fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number) },
  );
}

export interface Shape {
  /** The field's or parameter's name (known ids, instants). */
  name?: string;
  /** Wrong values may appear at any node. */
  hostile: boolean;
  depth?: number;
}

/** An arbitrary for values of `schema`. */
export function arbitraryFor(schema: JsonSchema, g: Generation, shape: Shape): fc.Arbitrary<unknown> {
  const depth = shape.depth ?? 0;
  const core = depth > MAX_DEPTH ? fc.constant(null) : shaped(schema, g, { ...shape, depth });
  const known = shape.name ? g.known(shape.name) : [];
  const withKnown = known.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: core })
    : core;
  return shape.hostile
    ? fc.oneof({ weight: 6, arbitrary: withKnown }, { weight: 1, arbitrary: hostileValue(g) })
    : withKnown;
}

function shaped(schema: JsonSchema, g: Generation, shape: Shape): fc.Arbitrary<unknown> {
  if (schema.$ref) return shaped(g.resolve(schema.$ref), g, shape);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const child = (s: JsonSchema, name = shape.name): fc.Arbitrary<unknown> =>
    arbitraryFor(s, g, { ...shape, name, depth: (shape.depth ?? 0) + 1 });
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const [first, ...rest] = alternatives.map((s) => shaped(s, g, shape));
    return rest.length ? fc.oneof(first as fc.Arbitrary<unknown>, ...rest) : (first as fc.Arbitrary<unknown>);
  }
  if (schema.allOf?.length)
    return shaped(mergeAll(schema.allOf.map((s) => (s.$ref ? g.resolve(s.$ref) : s))), g, shape);
  const types = Array.isArray(schema.type) ? [...schema.type] : schema.type ? [schema.type] : inferType(schema);
  if (schema.nullable && !types.includes('null')) types.push('null');
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  const arbs = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArb(schema, shape.name ?? '', shape.hostile);
      case 'integer':
      case 'number':
        return numberArb(schema, g, shape.name ?? '', type === 'integer', shape.hostile);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrayArb(schema, child, shape.hostile);
      default:
        return objectArb(schema, g, shape, child);
    }
  });
  const [first, ...rest] = arbs;
  return rest.length ? fc.oneof(first as fc.Arbitrary<unknown>, ...rest) : (first as fc.Arbitrary<unknown>);
}

function inferType(schema: JsonSchema): string[] {
  if (schema.properties) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern) return ['string'];
  return [];
}

function mergeAll(schemas: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const s of schemas) {
    Object.assign(merged.properties as object, s.properties ?? {});
    merged.required?.push(...(s.required ?? []));
  }
  return merged;
}

/** fast-check has no lookaheads: generate from the pattern without them, keep what the whole one accepts. */
function patternArb(pattern: string): fc.Arbitrary<string> | undefined {
  let full: RegExp;
  try {
    full = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  for (const source of [pattern, pattern.replace(/\(\?[=!](?:[^()]|\((?:[^()])*\))*\)/g, '')]) {
    try {
      const arb = fc.stringMatching(new RegExp(source, 'u'));
      return source === pattern ? arb : arb.filter((s) => full.test(s));
    } catch {
      // try the next simplification
    }
  }
  return undefined;
}

/**
 * Strings of the field's shape: its pattern or format when it has one, else words, payloads and
 * random text fitted to its length, up to the limit itself. Hostile: also one past the limits and
 * text that ignores the pattern.
 */
function stringArb(schema: JsonSchema, name: string, hostile: boolean): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 1_000_000;
  const cap = Math.min(max, min + 40);
  const free: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: cap }).map((s) => fit(s, min, max)) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: cap }).map((s) => fit(s, min, max)) },
    { weight: 3, arbitrary: fc.constantFrom(...WORDS).map((s) => fit(s, min, max)) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY).map((s) => fit(s, min, max)) },
  ];
  if (/url|link|image/i.test(name)) free.push({ weight: 4, arbitrary: fc.webUrl().map((s) => fit(s, min, max)) });
  if (max <= 300_000) free.push({ weight: 1, arbitrary: fc.constant(repeat('я', max)) });
  const pattern = schema.pattern ? patternArb(schema.pattern) : undefined;
  const shapedSources: fc.WeightedArbitrary<string>[] = pattern
    ? [{ weight: 1, arbitrary: pattern }]
    : schema.format === 'email'
      ? [{ weight: 1, arbitrary: fc.emailAddress() }]
      : free;
  if (!hostile) return fc.oneof(...shapedSources);
  const wrong: fc.WeightedArbitrary<string>[] = [];
  if (max <= 300_000) wrong.push({ weight: 1, arbitrary: fc.constant(repeat('я', max + 1)) });
  if (min > 0) wrong.push({ weight: 1, arbitrary: fc.constant(repeat('я', min - 1)) });
  if (pattern || schema.format) wrong.push(...free);
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...shapedSources) },
    ...(wrong.length ? [{ weight: 1, arbitrary: fc.oneof(...wrong) }] : []),
  );
}

/** Numbers in range (instants near the clock for time fields); hostile: just outside it too. */
function numberArb(schema: JsonSchema, g: Generation, name: string, integer: boolean, hostile: boolean) {
  let lo = schema.minimum ?? Number.NEGATIVE_INFINITY;
  let hi = schema.maximum ?? Number.POSITIVE_INFINITY;
  if (typeof schema.exclusiveMinimum === 'number') lo = Math.max(lo, schema.exclusiveMinimum + (integer ? 1 : 1e-9));
  if (typeof schema.exclusiveMaximum === 'number') hi = Math.min(hi, schema.exclusiveMaximum - (integer ? 1 : 1e-9));
  const inRange = (n: number) => n >= lo && n <= hi;
  const sources: fc.WeightedArbitrary<number>[] = [];
  if (TIME_NAME.test(name) && inRange(g.now)) {
    sources.push({
      weight: 8,
      arbitrary: fc.integer({ min: -30 * 24, max: 60 * 24 }).map((hours) => g.now + hours * (DAY / 24)),
    });
  }
  const low = Number.isFinite(lo) ? Math.ceil(lo) : -1_000_000;
  const high = Number.isFinite(hi) ? Math.floor(hi) : 1_000_000;
  sources.push({ weight: 6, arbitrary: intArb(low, high) });
  // Small values are what most fields mean (a page, a day, a rating, a count).
  const smallLo = Math.max(low, -5);
  const smallHi = Math.min(high, 20);
  if (smallLo <= smallHi) sources.push({ weight: 6, arbitrary: fc.integer({ min: smallLo, max: smallHi }) });
  if (!integer) {
    sources.push({
      weight: 2,
      arbitrary: fc.double({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9), noNaN: true, noDefaultInfinity: true }),
    });
  }
  const edges = [lo, hi].filter((n) => Number.isFinite(n));
  if (edges.length) sources.push({ weight: 2, arbitrary: fc.constantFrom(...edges) });
  if (hostile) {
    const outside = [lo - 1, hi + 1, 0, -1, 0.5, 2 ** 53 + 2].filter((n) => Number.isFinite(n) && !inRange(n));
    if (outside.length) sources.push({ weight: 2, arbitrary: fc.constantFrom(...outside) });
  }
  return fc.oneof(...sources);
}

/** Arrays within their item counts; hostile: one too few or too many too. */
function arrayArb(
  schema: JsonSchema,
  child: (s: JsonSchema, name?: string) => fc.Arbitrary<unknown>,
  hostile: boolean,
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.items) || schema.prefixItems) {
    const items = (schema.prefixItems ?? schema.items) as JsonSchema[];
    return fc.tuple(...items.map((s) => child(s)));
  }
  const item = child((schema.items as JsonSchema | undefined) ?? {});
  const min = schema.minItems ?? 0;
  const max = Math.min(schema.maxItems ?? min + 4, min + 4);
  const sources: fc.WeightedArbitrary<unknown[]>[] = [
    { weight: 8, arbitrary: fc.array(item, { minLength: min, maxLength: max }) },
  ];
  if (hostile && min > 0)
    sources.push({ weight: 1, arbitrary: fc.array(item, { minLength: min - 1, maxLength: min - 1 }) });
  if (hostile && schema.maxItems !== undefined && schema.maxItems <= 60) {
    sources.push({
      weight: 1,
      arbitrary: fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }),
    });
  }
  return fc.oneof(...sources);
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'proto'; key: '__proto__' | 'constructor' | 'prototype' };

function objectArb(
  schema: JsonSchema,
  g: Generation,
  shape: Shape,
  child: (s: JsonSchema, name?: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(properties)) model[key] = child(s, key);
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(model, { requiredKeys: required });
  if (!shape.hostile) return record;
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: 'drop' as const, index })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...NASTY)), hostileValue(g))
        .map(([key, value]) => ({ kind: 'extra' as const, key, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const)
        .map((key) => ({ kind: 'proto' as const, key })),
    },
  );
  return fc.tuple(record, mutation).map(([value, m]) => {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (m.kind === 'drop' && required.length) delete out[required[m.index % required.length] as string];
    if (m.kind === 'extra') out[m.key] = m.value;
    if (m.kind === 'proto') {
      Object.defineProperty(out, m.key, {
        value: { role: 'admin', polluted: true },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return out;
  });
}

/** Whether an error message is Ukrainian text (it has Cyrillic letters). */
export const isUkrainian = (text: string) => /[А-ЩЬЮЯҐЄІЇа-щьюяґєії]/.test(text);

/** A value shortened for a report: long strings and big structures cut. */
export function brief(value: unknown, limit = 300): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    );
  } catch {
    text = String(value);
  }
  if (text === undefined) text = String(value);
  return text.length > limit ? `${text.slice(0, limit)}…(${text.length} chars)` : text;
}
