import { z } from 'zod';
import { authorSchema } from './common.js';

export const indicatorsSchema = z
  .object({
    /** Український слід: the last value of the footprint ledger. */
    ukrainianMark: z.number(),
    /** max(seconds since registration, 28 days). */
    totalTime: z.number().int(),
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
export const partnerParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const gratitudeTierSchema = z.object({
  type: z.enum(['subscribe', 'once']),
  from: z.number(),
  gift: z.string(),
  reached: z.boolean(),
});
export type GratitudeTier = z.infer<typeof gratitudeTierSchema>;
export const gratitudesSchema = z.object({ tiers: z.array(gratitudeTierSchema) }).meta({ id: 'Gratitudes' });
