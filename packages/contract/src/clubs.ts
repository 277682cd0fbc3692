import { z } from 'zod';
import { INSTANT_MAX, multiLine, singleLine, tooLate, type WholeRange, wholeNumber } from './common.js';

/** A club's length in minutes, and its seats: the schema's rule and the console's number inputs. */
export const CLUB_DURATION_MIN: WholeRange = { min: 15, max: 600 };
export const CLUB_CAPACITY: WholeRange = { min: 1, max: 1000 };

export const clubSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    /** '' for an online club. */
    city: z.string(),
    place: z.string(),
    /** The meeting link: shown to those signed up (and for online clubs). */
    link: z.string(),
    host: z.string(),
    startsAt: z.number(),
    durationMin: z.number().int(),
    capacity: z.number().int(),
    seatsLeft: z.number().int(),
    signedUp: z.boolean(),
  })
  .meta({ id: 'Club' });
export type Club = z.infer<typeof clubSchema>;

export const clubsSchema = z.object({ clubs: z.array(clubSchema), cities: z.array(z.string()) }).meta({ id: 'Clubs' });

export const clubsQuerySchema = z.object({
  /** A city, or `online`; empty for all. */
  city: z.string().max(100).optional(),
  mine: z.enum(['true', 'false', '']).optional(),
});

export const clubBodySchema = z
  .object({
    title: singleLine('Назва').min(1, 'Назва: обовʼязкове поле').max(200, 'Назва: не більше 200 символів'),
    description: multiLine('Опис').trim().max(3000, 'Опис: не більше 3000 символів').default(''),
    city: singleLine('Місто').max(100, 'Місто: не більше 100 символів').default(''),
    place: singleLine('Місце').max(300, 'Місце: не більше 300 символів').default(''),
    link: singleLine('Посилання')
      .max(500)
      .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), 'Посилання: адреса має починатися з https://')
      .default(''),
    host: singleLine('Ведучий').min(1, 'Ведучий: обовʼязкове поле').max(200),
    startsAt: z.number({ error: 'Початок: дата й час' }).int().max(INSTANT_MAX, tooLate('Початок')),
    durationMin: wholeNumber('Тривалість', CLUB_DURATION_MIN, 'хвилин').default(60),
    capacity: wholeNumber('Кількість місць', CLUB_CAPACITY),
  })
  .refine((club) => club.city !== '' || club.link !== '', {
    message: 'Посилання: онлайн-клубу потрібне посилання на зустріч',
    path: ['link'],
  })
  .meta({ id: 'ClubBody' });
export type ClubBody = z.input<typeof clubBodySchema>;

export const clubSignupsSchema = z.object({
  signups: z.array(
    z.object({
      _id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      date: z.number(),
      /** Marked present by the console (null: not marked); only once the club has started. */
      presentAt: z.number().nullable(),
    }),
  ),
  /** Whether attendance may be marked now: the club has started. */
  started: z.boolean(),
});

export type ClubSignups = z.infer<typeof clubSignupsSchema>;

/** `PUT /api/admin/clubs/:id/attendance`: one signed-up person marked present or not. */
export const clubAttendanceBodySchema = z
  .object({
    userId: z.string({ error: 'Учасник: оберіть, кого позначити' }).min(1, 'Учасник: оберіть, кого позначити').max(64),
    present: z.boolean({ error: 'Присутність: так або ні' }),
  })
  .meta({ id: 'ClubAttendanceBody' });
export type ClubAttendanceBody = z.infer<typeof clubAttendanceBodySchema>;

export const CLUB_MESSAGES = {
  notFound: 'Клуб не знайдено',
  full: 'Місць уже немає',
  already: 'Ви вже записані на цей клуб',
  notSignedUp: 'Ви не записані на цей клуб',
  past: 'Зустріч уже відбулася',
  startsInPast: 'Початок: має бути в майбутньому',
  capacityBelowTaken: 'Місць: не менше, ніж уже записалося',
  notStarted: 'Присутність можна позначити, коли клуб почнеться',
  notSignedUpPerson: 'Ця людина не записана на цей клуб',
} as const;

// ─── Console (`/api/admin/clubs`) ────────────────────────────────────────────────────────────────

export const adminClubsSchema = z.object({ clubs: z.array(clubSchema) }).meta({ id: 'AdminClubs' });
export type AdminClubs = z.infer<typeof adminClubsSchema>;
