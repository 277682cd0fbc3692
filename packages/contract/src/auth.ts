import { z } from 'zod';
import { idSchema, requiredText } from './common.js';
import { twoStepChallengeSchema, twoStepStateSchema } from './two-step.js';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * The forms an apostrophe is typed in: the keyboard's ', the typographic ’ and ‘, the Ukrainian
 * standard ʼ (U+02BC) and the look-alikes ʻ ` ´ ′ ＇.
 */
const APOSTROPHES = /['‘’ʼʻ`´′＇]/gu;
/** The one apostrophe names are stored and searched with: U+02BC, the Ukrainian standard (docs/domain.md). */
export const APOSTROPHE = 'ʼ';

/** `text` with every form of apostrophe as U+02BC, so «Мар'яна» and «Марʼяна» are one name. */
export function normalizeApostrophes(text: string): string {
  return text.replace(APOSTROPHES, APOSTROPHE);
}

/** Ukrainian or Latin letters, apostrophe, hyphen and space; at least two letters in all. */
const NAME_PATTERN = /^(?=(?:.*[A-Za-zА-ЩЬЮЯҐЄІЇа-щьюяґєії]){2})[A-Za-zА-ЩЬЮЯҐЄІЇа-щьюяґєії'‘’ʼʻ`´′＇\- ]{2,30}$/u;

/** A first or last name: registration's rules, also the profile's (account.ts). */
export function nameSchema(label: string) {
  return requiredText(label)
    .trim()
    .regex(NAME_PATTERN, `${label}: від 2 до 30 літер (українських або латинських), можна апостроф, дефіс і пробіл`)
    .overwrite(normalizeApostrophes);
}

export const emailSchema = requiredText('Електронна пошта')
  .trim()
  .toLowerCase()
  .max(254, 'Електронна пошта: задовга адреса')
  .pipe(z.email('Електронна пошта: введіть адресу на кшталт name@example.com'));

export const passwordSchema = requiredText('Пароль')
  .min(8, 'Пароль: щонайменше 8 символів')
  .max(64, 'Пароль: не більше 64 символів');

export const registerBodySchema = z
  .object({
    first_name: nameSchema('Імʼя'),
    last_name: nameSchema('Прізвище'),
    email: emailSchema,
    password: passwordSchema,
    inviterId: z.string().trim().max(64).optional(),
    /** The privacy notice accepted (the checkbox): registration is refused without it. */
    consent: z.literal(true, {
      error: 'Згода: щоб зареєструватися, погодьтеся з тим, як ми зберігаємо ваші дані',
    }),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z
  .object({
    email: emailSchema,
    password: requiredText('Пароль').min(1, 'Пароль: обовʼязкове поле').max(64, 'Пароль: не більше 64 символів'),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof loginBodySchema>;

export const recoveryBodySchema = z.object({ email: emailSchema }).meta({ id: 'RecoveryBody' });
export type RecoveryBody = z.input<typeof recoveryBodySchema>;

export const resetBodySchema = z
  .object({
    token: requiredText('Посилання').min(1, 'Посилання: недійсне').max(200, 'Посилання: недійсне'),
    password: passwordSchema,
  })
  .meta({ id: 'ResetBody' });
export type ResetBody = z.input<typeof resetBodySchema>;

/**
 * What the signed-in person may do beyond their own learning (server policies, not the role):
 * the web shows its menus and screens by it, and the server checks every call again.
 */
export const accountAbilitiesSchema = z
  .object({
    /** Sees everyone else's waiting homework in the notifications and reviews it on /uk/active. */
    reviewHomework: z.boolean(),
    /** Opens the console («Керування») and its curators' part, the courses. */
    enterConsole: z.boolean(),
    /** Uses the console's admins-only sections: game tasks, people and roles, olympiads, clubs, payments, audit. */
    administerConsole: z.boolean(),
  })
  .meta({ id: 'AccountAbilities' });
export type AccountAbilities = z.infer<typeof accountAbilitiesSchema>;

export const userSchema = z
  .object({
    _id: idSchema,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** Whether the address was confirmed by its link (accounts made before 0027 and by the operator count as confirmed). */
    emailVerified: z.boolean(),
    /** A new address asked for and not yet confirmed by the link mailed to it. */
    pendingEmail: z.string().nullable(),
    /** Shown on the profile; what the account may do is `abilities`. */
    role: roleSchema,
    abilities: accountAbilitiesSchema,
    createdAt: z.number().int(),
    courses: z.array(z.object({ _id: z.string(), title: z.string() })),
    inviter: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
    /** Two-step sign-in: the web sends staff who must turn it on to its set-up screen. */
    twoStep: twoStepStateSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema }).meta({ id: 'Auth' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A right password signs in, or, with two-step sign-in on, asks for the code first. */
export const loginAnswerSchema = z.union([authResponseSchema, twoStepChallengeSchema]).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The answer to a recovery request, the same whether or not the address is known. */
export const RECOVERY_ANSWER =
  'Якщо ця адреса зареєстрована, ми надіслали на неї лист із посиланням для зміни пароля. Посилання діє одну годину.';

/** Messages the server and the web share for auth. */
export const AUTH_MESSAGES = {
  wrongCredentials: 'Неправильна електронна пошта або пароль',
  emailTaken: 'Ця електронна пошта вже зареєстрована',
  invalidResetToken: 'Посилання для зміни пароля недійсне, вже використане або застаріле. Надішліть запит ще раз.',
  unauthorized: 'Увійдіть, щоб продовжити',
  userNotFound: 'Користувача з такою електронною поштою не знайдено',
  demoDisabled: 'Демонстраційний вхід вимкнено',
  tooManyLogins: 'Забагато невдалих спроб входу. Спробуйте пізніше.',
  tooManyRegistrations: 'Забагато реєстрацій з цієї адреси. Спробуйте пізніше.',
  tooManyRecoveries: 'Забагато запитів на відновлення пароля. Спробуйте пізніше.',
  tooManyResets: 'Забагато спроб змінити пароль з цієї адреси. Спробуйте пізніше.',
  commonPassword:
    'Цей пароль надто поширений: його перевіряють першим, коли зламують облікові записи. Виберіть інший, наприклад кілька слів разом.',
  busy: 'Зараз забагато одночасних входів і реєстрацій. Спробуйте за кілька секунд.',
} as const;
