import { z } from 'zod';

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
