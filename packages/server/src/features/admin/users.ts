import { ACCESS_MESSAGES, ADMIN_MESSAGES, type AdminUser, type AdminUserDetail, type Role } from '@yedyni/contract';
import { sql } from 'kysely';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Db, needsRowLocks } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import type { UsersTable } from '../../infra/db/schema.js';
import { containsPattern } from '../../infra/db/search.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { canManageUsers } from './policy.js';

const ROLE_NAMES: Record<Role, string> = { user: 'учень', moderator: 'куратор', admin: 'адміністратор' };

const userOf = (row: Pick<UsersTable, 'id' | 'first_name' | 'last_name' | 'email' | 'role' | 'created_at'>) => ({
  _id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role,
  createdAt: Number(row.created_at),
});

/** People in the console: search, enrolments, and roles (never the root account). */
export class UsersAdmin {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /**
       * Told after a role change is committed, and awaited: sessions remembered with the old role
       * are dropped, and the user's sockets leave the chat rooms the new role may not read.
       */
      onRoleChanged?: (userId: string) => Promise<void>;
    },
  ) {}

  private guard(actor: Actor): void {
    if (!canManageUsers(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  async list(
    actor: Actor,
    query: { q?: string | undefined; role?: Role | undefined; page: number; limit: number },
  ): Promise<{ users: AdminUser[]; totalPages: number }> {
    this.guard(actor);
    let base = this.deps.db.selectFrom('users').where('id', '!=', ROOT_USER_ID);
    if (query.q) base = base.where(sql<boolean>`search like ${containsPattern(query.q)} escape '\\'`);
    if (query.role) base = base.where('role', '=', query.role);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'first_name', 'last_name', 'email', 'role', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { users: rows.map(userOf), totalPages: Math.ceil(Number(total.n) / query.limit) };
  }

  async detail(actor: Actor, userId: string): Promise<AdminUserDetail> {
    this.guard(actor);
    const { db } = this.deps;
    const row = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'role', 'created_at'])
      .where('id', '=', userId)
      .where('id', '!=', ROOT_USER_ID)
      .executeTakeFirst();
    if (!row) throw new AppError(404, ADMIN_MESSAGES.userNotFound);
    const enrollments = await db
      .selectFrom('enrollments as e')
      .innerJoin('courses as c', 'c.id', 'e.course_id')
      .select(['c.id', 'c.title', 'e.wave', 'e.enrolled_at'])
      .where('e.user_id', '=', userId)
      .orderBy('c.position')
      .orderBy('c.title')
      .execute();
    return {
      ...userOf(row),
      enrollments: enrollments.map((e) => ({
        courseId: e.id,
        title: e.title,
        wave: e.wave,
        enrolledAt: Number(e.enrolled_at),
      })),
    };
  }

  /** An admin changes someone's role over the console. */
  async setRole(actor: Actor, userId: string, role: Role): Promise<AdminUser> {
    this.guard(actor);
    return this.changeRole({ id: userId }, role, actor.id);
  }

  /**
   * The operator's command line changes a role by email: the same change, the same last-admin
   * guard, and an audit row with nobody signed in as its author.
   */
  async setRoleByOperator(email: string, role: Role): Promise<AdminUser> {
    return this.changeRole({ email }, role, null);
  }

  /**
   * The one role change. The admins are locked first, so two admins taking each other's role at
   * the same moment cannot leave the movement with none; the root account is nobody's to change.
   */
  private async changeRole(who: { id: string } | { email: string }, role: Role, actorId: string | null) {
    const { db, clock } = this.deps;
    const outcome = await db.transaction().execute(async (trx) => {
      let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin');
      // SQLite has one writer at a time already; PostgreSQL needs the rows locked.
      if (needsRowLocks(trx)) admins = admins.forUpdate();
      const adminIds = (await admins.execute()).map((a) => a.id);
      const user = await trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'role', 'created_at'])
        .where('id' in who ? 'id' : 'email', '=', 'id' in who ? who.id : who.email)
        .where('id', '!=', ROOT_USER_ID)
        .executeTakeFirst();
      if (!user) throw new AppError(404, ADMIN_MESSAGES.userNotFound);
      if (user.role === role) return { user: userOf(user), changed: false };
      if (user.role === 'admin' && adminIds.length <= 1) throw new AppError(409, ADMIN_MESSAGES.lastAdmin);
      await trx.updateTable('users').set({ role }).where('id', '=', user.id).execute();
      const change = `${ROLE_NAMES[user.role]} → ${ROLE_NAMES[role]}`;
      await writeAudit(trx, {
        actorId,
        action: 'user.role',
        target: `user:${user.id}`,
        summary: `${user.first_name} ${user.last_name} (${user.email}): ${change}${actorId ? '' : ' (командний рядок)'}`,
        details: { from: user.role, to: role },
        now: clock.now(),
      });
      return { user: userOf({ ...user, role }), changed: true };
    });
    if (outcome.changed) await this.deps.onRoleChanged?.(outcome.user._id);
    return outcome.user;
  }
}
