import { z } from 'zod';
import { authorSchema } from './common.js';
import { BASE_AMOUNT_SUPPORT, BASE_COURSE_TIME } from './constants.js';
import { formatNumber } from './numbers.js';

/** totalTime: max(seconds since registration, one course cycle), in whole seconds. */
export function supportTotalTime(registeredAt: number, now: number): number {
  return Math.max(Math.floor((now - registeredAt) / 1000), BASE_COURSE_TIME);
}

/** Support level: how many people-months of support per course cycle of membership. */
export function supportLevel(totalDonatUah: number, totalTimeSeconds: number): number {
  return (totalDonatUah / BASE_AMOUNT_SUPPORT) * (BASE_COURSE_TIME / totalTimeSeconds);
}

/** The level shown in the interface: two decimals with the Ukrainian comma, e.g. «3,00». */
export function formatLevel(level: number): string {
  return formatNumber(level, 2);
}

// The support programme's answers, served under `/api/partners/...` (the spec's paths).
export const indicatorsSchema = z
  .object({
    /** Український слід: the last value of the footprint ledger. */
    ukrainianMark: z.number(),
    /** max(seconds since registration, 28 days): the support level's measure, not the time shown. */
    totalTime: z.number().int(),
    /** Kyiv calendar days since registration (0 on the day of it): «Ви в русі». */
    daysInMovement: z.number().int().min(0),
    /** All successful payments, UAH. */
    totalDonat: z.number(),
    pastCount: z.number(),
    currentCount: z.number(),
    levelSupport: z.number(),
  })
  .meta({ id: 'Indicators' });
export type Indicators = z.infer<typeof indicatorsSchema>;

export const teamMemberSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  createdAt: z.number(),
  /** How many people this member invited. */
  teamSize: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({ partner: authorSchema, team: z.array(teamMemberSchema) }).meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;
export const memberParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const gratitudeTierSchema = z.object({
  type: z.enum(['subscribe', 'once']),
  from: z.number(),
  gift: z.string(),
  reached: z.boolean(),
});
export type GratitudeTier = z.infer<typeof gratitudeTierSchema>;
export const gratitudesSchema = z
  .object({
    tiers: z.array(gratitudeTierSchema),
    /** What reaches the tiers now, UAH: active subscriptions a month, and the largest one-off payment. */
    totals: z.object({ subscribe: z.number(), once: z.number() }),
  })
  .meta({ id: 'Gratitudes' });
export type Gratitudes = z.infer<typeof gratitudesSchema>;
