import { BASE_AMOUNT_SUPPORT, BASE_COURSE_TIME } from './constants.js';

/** totalTime: max(seconds since registration, one course cycle), in whole seconds. */
export function supportTotalTime(registeredAt: number, now: number): number {
  return Math.max(Math.floor((now - registeredAt) / 1000), BASE_COURSE_TIME);
}

/** Stability level: how many people-months of support per course cycle of membership. */
export function levelSupport(totalDonatUah: number, totalTimeSeconds: number): number {
  return (totalDonatUah / BASE_AMOUNT_SUPPORT) * (BASE_COURSE_TIME / totalTimeSeconds);
}

/** The level shown in the interface: two decimals with a point, e.g. «3.00». */
export function formatLevel(level: number): string {
  return level.toFixed(2);
}
