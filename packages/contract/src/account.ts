import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './auth.js';
import { requiredText } from './common.js';

// My own account (issue 21): names, the address and its check, the password while signed in.

/** `PATCH /api/account/profile`: the names, with registration's rules. */
export const profileBodySchema = z
  .object({ first_name: nameSchema('Імʼя'), last_name: nameSchema('Прізвище') })
  .meta({ id: 'ProfileBody' });
export type ProfileBody = z.input<typeof profileBodySchema>;

/** The current password, asked again before a change that matters. */
const currentPasswordSchema = requiredText('Поточний пароль')
  .min(1, 'Поточний пароль: обовʼязкове поле')
  .max(64, 'Поточний пароль: не більше 64 символів');

/** `POST /api/account/email`: a new address, confirmed by the link mailed to it. */
export const emailChangeBodySchema = z
  .object({ email: emailSchema, currentPassword: currentPasswordSchema })
  .meta({ id: 'EmailChangeBody' });
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

/** `POST /api/account/email/confirm`: the token of a mailed link (address check or change). */
export const emailLinkBodySchema = z
  .object({ token: requiredText('Посилання').min(1, 'Посилання: недійсне').max(200, 'Посилання: недійсне') })
  .meta({ id: 'EmailLinkBody' });
export type EmailLinkBody = z.input<typeof emailLinkBodySchema>;

export const emailLinkAnswerSchema = z
  .object({ message: z.string(), email: z.string() })
  .meta({ id: 'EmailLinkAnswer' });
export type EmailLinkAnswer = z.infer<typeof emailLinkAnswerSchema>;

/** `POST /api/account/password`: a new password while signed in. */
export const passwordChangeBodySchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    /** End every other session of mine; this one stays. */
    endOtherSessions: z.boolean().default(false),
  })
  .meta({ id: 'PasswordChangeBody' });
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/** How long a mailed link to confirm an address works (once). */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Messages of the account's own changes (profile, address, password). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Поточний пароль неправильний. Нічого не змінено.',
  tooManyPasswordTries: 'Забагато спроб з неправильним паролем. Спробуйте пізніше.',
  samePassword: 'Новий пароль збігається з поточним. Придумайте інший.',
  sameEmail: 'Це вже ваша адреса. Вкажіть нову.',
  /** Says no more than registration already does, and only behind the password. */
  emailTaken: 'Цю адресу вже використовує інший акаунт. Вкажіть іншу адресу.',
  invalidEmailLink: 'Посилання недійсне, вже використане або застаріле. Надішліть лист ще раз із профілю.',
  alreadyVerified: 'Вашу адресу вже підтверджено.',
  tooManyMails: 'Листів надіслано вже достатньо. Спробуйте за годину.',
  verificationSent: 'Лист із посиланням надіслано. Посилання діє добу.',
  changeSent: 'Ми надіслали посилання на нову адресу. Адреса зміниться, щойно ви його відкриєте (воно діє добу).',
  emailVerified: 'Адресу підтверджено. Дякуємо!',
  emailChanged: 'Адресу змінено.',
  passwordChanged: 'Пароль змінено.',
} as const;
