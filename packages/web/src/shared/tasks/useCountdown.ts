import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (local clock), never below 0; updates every `stepMs`. */
export function useCountdown(deadline: number, stepMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A new deadline (a new round) is measured from now at once, not from the last tick.
    setNow(Date.now());
    if (Date.now() >= deadline) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, stepMs);
    return () => clearInterval(timer);
  }, [deadline, stepMs]);
  return Math.max(0, deadline - now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** «06:43»: minutes and seconds left, the seconds rounded up (0 only when the time is up). */
export function formatClock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** «2 дн. 03:04:05» or «03:04:05»: a longer wait, e.g. until an olympiad starts. */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days} дн. ${clock}` : clock;
}

/**
 * The deadline on this device's clock: the server's, but never later than the time limit counted
 * from when the tasks arrived, so a clock running behind the server's does not send answers late.
 */
export function localDeadline(serverDeadline: number, receivedAt: number, limitMs: number): number {
  return Math.min(serverDeadline, receivedAt + limitMs);
}
