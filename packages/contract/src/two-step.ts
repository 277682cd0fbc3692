import { z } from 'zod';
import { requiredText } from './common.js';

/*
 * Two-step sign-in (docs/domain.md «Two-step sign-in»): a code from an authenticator app (TOTP,
 * 30-second steps, 6 digits) after the password, or one of ten single-use recovery codes.
 * Optional for learners, required for curators and admins.
 */

/** How long the ticket between the password and the code lives. */
export const TWO_STEP_TICKET_TTL_MS = 5 * 60 * 1000;
/** How many recovery codes a set-up (or a renewal) gives. */
export const RECOVERY_CODES = 10;

/** Six digits from the app, or a recovery code (`abcde-23456`); spaces and dashes are forgiven. */
const codeSchema = requiredText('Код')
  .trim()
  .min(6, 'Код: 6 цифр із застосунку або резервний код')
  .max(20, 'Код: 6 цифр із застосунку або резервний код');

const currentPasswordSchema = requiredText('Пароль')
  .min(1, 'Пароль: обовʼязкове поле')
  .max(64, 'Пароль: не більше 64 символів');

/** What the server answers a right password with when the account has two-step sign-in on. */
export const twoStepChallengeSchema = z
  .object({ twoStep: z.object({ ticket: z.string(), expiresAt: z.number().int() }) })
  .meta({ id: 'TwoStepChallenge' });
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

export const twoStepCodeBodySchema = z
  .object({ ticket: requiredText('Вхід').min(1).max(200), code: codeSchema })
  .meta({ id: 'TwoStepCodeBody' });
export type TwoStepCodeBody = z.input<typeof twoStepCodeBodySchema>;

/** Whether two-step sign-in is on, and whether the account's role requires it. */
export const twoStepStateSchema = z.object({ on: z.boolean(), required: z.boolean() }).meta({ id: 'TwoStepState' });
export type TwoStepState = z.infer<typeof twoStepStateSchema>;

export const twoStepStatusSchema = twoStepStateSchema
  .extend({ recoveryCodesLeft: z.number().int() })
  .meta({ id: 'TwoStepStatus' });
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepPasswordBodySchema = z
  .object({ password: currentPasswordSchema })
  .meta({ id: 'TwoStepPasswordBody' });
export type TwoStepPasswordBody = z.input<typeof twoStepPasswordBodySchema>;

/** A new secret: for the app (the otpauth:// address, its QR code as an SVG data URL) and to type in by hand. */
export const twoStepSetupSchema = z
  .object({ secret: z.string(), uri: z.string(), qr: z.string() })
  .meta({ id: 'TwoStepSetup' });
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepEnableBodySchema = z.object({ code: codeSchema }).meta({ id: 'TwoStepEnableBody' });
export type TwoStepEnableBody = z.input<typeof twoStepEnableBodySchema>;

/** Turning it off, or new recovery codes: the password and a current code. */
export const twoStepConfirmBodySchema = z
  .object({ password: currentPasswordSchema, code: codeSchema })
  .meta({ id: 'TwoStepConfirmBody' });
export type TwoStepConfirmBody = z.input<typeof twoStepConfirmBodySchema>;

/** Shown once: only their keyed hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const TWO_STEP_MESSAGES = {
  staffRequired:
    'Кураторам і адміністраторам потрібен двоетапний вхід. Увімкніть його в профілі («Двоетапний вхід»), і ця дія стане доступною.',
  wrongCode: 'Неправильний код. Введіть 6 цифр, які зараз показує застосунок, або один із резервних кодів.',
  usedCode: 'Цей код уже використано. Дочекайтеся наступного коду в застосунку.',
  ticketExpired: 'Час для введення коду минув. Увійдіть ще раз: пароль, потім код.',
  wrongPassword: 'Неправильний пароль',
  alreadyOn: 'Двоетапний вхід уже ввімкнено. Щоб налаштувати новий застосунок, спершу вимкніть його.',
  notStarted: 'Спершу почніть налаштування: введіть пароль, щоб отримати новий ключ.',
  notOn: 'Двоетапний вхід не ввімкнено',
  tooManyCodes: 'Забагато спроб ввести код. Спробуйте пізніше.',
} as const;
