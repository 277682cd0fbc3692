import { z } from 'zod';

/** Every error the API answers with. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const idSchema = z.string().min(1).max(64);

/**
 * The latest instant (ms) the API takes, 2100-01-01: a JS Date, and every date format with it,
 * ends long before a number does (9007199254740991 made the course pages fail).
 */
export const INSTANT_MAX = Date.UTC(2100, 0, 1);
export const tooLate = (label: string) => `${label}: не пізніше 2100 року`;

export const authorSchema = z
  .object({ _id: z.string(), first_name: z.string(), last_name: z.string() })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

/**
 * A required text field whose every message names the field, so the server can pass zod's
 * message straight to the user.
 */
export function requiredText(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label}: обовʼязкове поле` : `${label}: має бути текстом`),
  });
}
