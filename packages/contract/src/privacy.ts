import { z } from 'zod';
import { requiredText } from './common.js';

/** «Мої дані» (docs/domain.md «My data»): the export of everything about me, and deleting the account. */

/** What the person types to confirm the deletion (compared without case and surrounding spaces). */
export const DELETION_CONFIRMATION = 'ВИДАЛИТИ';
/** A ready export is offered this long, then removed. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** The name the anonymised account shows wherever its messages and comments stay. */
export const DELETED_USER_FIRST_NAME = 'Видалений';
export const DELETED_USER_LAST_NAME = 'користувач';

/** The public privacy notice's settings: whom to write to, and the two rights' figures. */
export const privacyNoticeSchema = z
  .object({
    contactEmail: z.string(),
    exportHours: z.number().int(),
    graceDays: z.number().int(),
  })
  .meta({ id: 'PrivacyNotice' });
export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

export const dataExportStateSchema = z.enum(['none', 'making', 'ready', 'failed']);
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** My export and my pending deletion, as the profile shows them. */
export const myDataSchema = z
  .object({
    export: z.object({
      state: dataExportStateSchema,
      requestedAt: z.number().nullable(),
      /** Until when the ready archive can be downloaded. */
      expiresAt: z.number().nullable(),
      size: z.number().int().nullable(),
    }),
    /** When the account will be deleted; null when no deletion is asked for. */
    deletionDueAt: z.number().nullable(),
  })
  .meta({ id: 'MyData' });
export type MyData = z.infer<typeof myDataSchema>;

export const accountDeletionBodySchema = z
  .object({
    password: requiredText('Пароль').min(1, 'Пароль: обовʼязкове поле').max(64, 'Пароль: не більше 64 символів'),
    confirmation: requiredText('Підтвердження')
      .trim()
      .refine(
        (text) => text.toLocaleUpperCase('uk') === DELETION_CONFIRMATION,
        `Підтвердження: впишіть слово ${DELETION_CONFIRMATION}`,
      ),
  })
  .meta({ id: 'AccountDeletionBody' });
export type AccountDeletionBody = z.input<typeof accountDeletionBodySchema>;

export const PRIVACY_MESSAGES = {
  exportBusy: 'Архів ваших даних уже готується. Ми напишемо, щойно він буде готовий.',
  noExport: 'Готового архіву немає: він ще готується або минула доба, поки його можна завантажити. Замовте новий.',
  wrongPassword: 'Неправильний пароль. Акаунт не змінено.',
  tooManyAttempts: 'Забагато спроб з неправильним паролем. Спробуйте ще раз за годину.',
  deletionPending: 'Видалення акаунта вже заплановано.',
} as const;
