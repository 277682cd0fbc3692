import { kyivParts, kyivTime } from '@yedyni/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local">` showing the instant on a Kyiv wall clock. */
export function toKyivInput(instant: number): string {
  const p = kyivParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** An `<input type="datetime-local">` value read as Kyiv wall time; null when it is not a full value. */
export function fromKyivInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return kyivTime(year, month, day, hour, minute);
}
