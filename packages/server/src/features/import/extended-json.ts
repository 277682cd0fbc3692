/**
 * MongoDB Extended JSON v2 (what `mongoexport` writes) read as plain values: `{"$oid": …}` is
 * the id string, `{"$date": …}` milliseconds since the epoch (an ISO string, a number or a
 * `{"$numberLong": …}`), `$numberInt`/`$numberLong`/`$numberDouble` numbers. Anything else
 * stays as it is, recursively.
 */
export function fromExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromExtendedJson);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const [key] = keys as [string];
    const inner = record[key];
    if (key === '$oid' && typeof inner === 'string') return inner;
    if (key === '$numberInt' || key === '$numberLong' || key === '$numberDouble') return Number(inner);
    if (key === '$date') return instantOf(inner);
  }
  const plain: Record<string, unknown> = {};
  for (const key of keys) plain[key] = fromExtendedJson(record[key]);
  return plain;
}

function instantOf(inner: unknown): number | null {
  if (typeof inner === 'number') return inner;
  if (typeof inner === 'string') {
    const ms = Date.parse(inner);
    return Number.isFinite(ms) ? ms : null;
  }
  if (inner && typeof inner === 'object' && '$numberLong' in inner) return Number(inner.$numberLong);
  return null;
}
