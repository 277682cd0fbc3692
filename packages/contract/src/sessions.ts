import { z } from 'zod';
import { idSchema } from './common.js';

/** How bowser names a device's platform; the web says it in Ukrainian. */
export const DEVICE_KINDS = ['mobile', 'tablet', 'desktop', 'tv'] as const;
export const deviceKindSchema = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** A session as «Де я увійшов» lists it: never the token, never the whole address. */
export const accountSessionSchema = z
  .object({
    _id: idSchema,
    /** Browser and system from the sign-in's user agent («Chrome 126 · Android 14»); null if unknown. */
    device: z.string().nullable(),
    deviceKind: deviceKindSchema.nullable(),
    /** The network part of the sign-in address («203.0.x.x»; IPv6: its first three groups). */
    place: z.string().nullable(),
    createdAt: z.number().int(),
    /** Exact to a minute: the server writes it at most once a minute. */
    lastSeenAt: z.number().int(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z
  .object({
    sessions: z.array(accountSessionSchema),
    /** After this many days without use a session ends by itself (SESSION_IDLE_DAYS). */
    idleDays: z.number().int(),
  })
  .meta({ id: 'AccountSessions' });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionParamsSchema = z.object({ sessionId: idSchema });

/** «Вийти всюди»: every other session, or (`includingThis`) this one too. */
export const endSessionsBodySchema = z
  .object({ includingThis: z.boolean({ error: 'Вкажіть, чи виходити й на цьому пристрої' }) })
  .meta({ id: 'EndSessionsBody' });
export type EndSessionsBody = z.input<typeof endSessionsBodySchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() }).meta({ id: 'EndedSessions' });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const SESSION_MESSAGES = {
  notFound: 'Такої сесії серед ваших немає: можливо, з неї вже вийшли.',
} as const;
