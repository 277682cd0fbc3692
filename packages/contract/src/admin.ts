import { z } from 'zod';
import { roleSchema } from './auth.js';
import { emptyToUndefined, pageQuerySchema } from './common.js';

/*
 * The console's own schemas (`/api/admin/...`): people and their roles, and the audit log. Each
 * domain's console schemas live in the domain's file (courses.ts, game.ts, olympiads.ts, clubs.ts,
 * payments.ts).
 */

// ─── Users ───────────────────────────────────────────────────────────────────────────────────────

export const adminUserSchema = z
  .object({
    _id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: roleSchema,
    createdAt: z.number(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  /** Part of a name or an email, any case. */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Пошук: не більше 100 символів').optional()),
  role: z.preprocess(emptyToUndefined, roleSchema.optional()),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersSchema = z
  .object({ users: z.array(adminUserSchema), totalPages: z.number().int() })
  .meta({ id: 'AdminUsers' });
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const adminUserDetailSchema = adminUserSchema
  .extend({
    enrollments: z.array(
      z.object({ courseId: z.string(), title: z.string(), wave: z.string(), enrolledAt: z.number() }),
    ),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const roleBodySchema = z.object({
  role: z.enum(['user', 'moderator', 'admin'], { error: 'Роль: user, moderator або admin' }),
});

// ─── Audit log ───────────────────────────────────────────────────────────────────────────────────

export const auditEntrySchema = z.object({
  _id: z.string(),
  date: z.number(),
  /** Null for the operator's command line. */
  actor: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  action: z.string(),
  /** What was changed, e.g. `course:<id>`. */
  target: z.string(),
  /** A short Ukrainian line for people. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuerySchema.extend({
  action: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
});
export const auditLogSchema = z
  .object({ entries: z.array(auditEntrySchema), totalPages: z.number().int() })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;

/**
 * Every message of the console: its own (the door, people and roles) and, for the code that reads
 * them from here, the domains' console messages.
 */
export const ADMIN_MESSAGES = {
  userNotFound: 'Користувача не знайдено',
  lastAdmin: 'Не можна зняти роль з останнього адміністратора',
  rootAccount: 'Кореневий обліковий запис не змінюється',
} as const;
