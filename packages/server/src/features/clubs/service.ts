import { randomUUID } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  CLUB_MESSAGES,
  type Club,
  type ClubAttendanceBody,
  type ClubBody,
  type ClubSignups,
  formatDateTime,
  kyivDayRange,
  kyivIsoDate,
  kyivParts,
  kyivTime,
} from '@yedyni/contract';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import type { ClubsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import type { Actor } from '../auth/index.js';
import { forgetPractice, recordPractice } from '../habit/index.js';
import type { NotificationService } from '../notifications/index.js';
import { canManageClubs, canMarkAttendance, canSeeLink } from './policy.js';

type ClubInput = Required<Omit<ClubBody, 'description' | 'city' | 'place' | 'link' | 'durationMin'>> & {
  description: string;
  city: string;
  place: string;
  link: string;
  durationMin: number;
};

/**
 * Conversation clubs: sign-ups move the taken seats in the same transaction, under the capacity
 * condition, so concurrent sign-ups for the last seat let exactly one in.
 */
export class ClubsService {
  constructor(private readonly deps: { db: Db; clock: Clock; notifications: NotificationService }) {}

  /**
   * The minute's reminders (NotificationService.addTickSource) to the people signed up now: the day
   * before a club, at each one's digest hour (or at once when they sign up later that day), and
   * within its last hour. A club already begun, or one I left, tells me nothing; the keys
   * `club:<id>:day` and `club:<id>:hour` make each reminder one per person.
   */
  async remindSignedUp(now: number): Promise<number> {
    const { db } = this.deps;
    const today = kyivParts(now);
    const tomorrow = kyivDayRange(kyivTime(today.year, today.month, today.day + 1, 12));
    const rows = await db
      .selectFrom('clubs as c')
      .innerJoin('club_signups as s', 's.club_id', 'c.id')
      .select(['c.id', 'c.title', 'c.city', 'c.place', 'c.starts_at', 's.user_id'])
      .where('c.starts_at', '>', now)
      .where('c.starts_at', '<=', tomorrow.end)
      .execute();
    const hours = await this.deps.notifications.digestHours([...new Set(rows.map((r) => r.user_id))]);
    let told = 0;
    for (const row of rows) {
      const withinHour = row.starts_at - now <= 60 * 60 * 1000;
      const dayBefore = row.starts_at >= tomorrow.start && today.hour >= (hours.get(row.user_id) ?? 24);
      if (!withinHour && !dayBefore) continue;
      const where = row.city ? `${row.city}, ${row.place}` : 'онлайн';
      const when = formatDateTime(row.starts_at);
      const title = withinHour ? `За годину розмовний клуб «${row.title}»` : `Завтра розмовний клуб «${row.title}»`;
      const inserted = await db.transaction().execute((trx) =>
        this.deps.notifications.notify(trx, {
          userId: row.user_id,
          category: 'clubs',
          key: `club:${row.id}:${withinHour ? 'hour' : 'day'}`,
          title,
          body: `${when}, ${where}.`,
          link: '/uk/clubs',
          email: {
            subject: title,
            paragraphs: [`Ви записані на розмовний клуб «${row.title}»: ${when}, ${where}.`],
            action: 'Мої клуби',
          },
          // A reminder of a club already begun is worth nothing: quiet hours may drop it.
          expiresAt: row.starts_at,
        }),
      );
      if (inserted) told += 1;
    }
    return told;
  }

  /** Upcoming clubs (and those under way), soonest first; by city, `online`, or mine only. */
  async list(actor: Actor, filter: { city?: string | undefined; mine?: boolean }) {
    const { db, clock } = this.deps;
    let query = db
      .selectFrom('clubs as c')
      .leftJoin('club_signups as s', (join) => join.onRef('s.club_id', '=', 'c.id').on('s.user_id', '=', actor.id))
      .selectAll('c')
      .select('s.user_id as signed')
      .where('c.starts_at', '>=', clock.now() - 3 * 60 * 60 * 1000);
    if (filter.city === 'online') query = query.where('c.city', '=', '');
    else if (filter.city) query = query.where('c.city', '=', filter.city);
    if (filter.mine) query = query.where('s.user_id', 'is not', null);
    const rows = await query.orderBy('c.starts_at').orderBy('c.id').limit(100).execute();
    const cities = await db
      .selectFrom('clubs')
      .select('city')
      .distinct()
      .where('city', '!=', '')
      .orderBy('city')
      .execute();
    return { clubs: rows.map((r) => clubOf(actor, r, r.signed !== null)), cities: cities.map((c) => c.city) };
  }

  async signUp(actor: Actor, clubId: string): Promise<Club> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const club = await trx.selectFrom('clubs').selectAll().where('id', '=', clubId).executeTakeFirst();
      if (!club) throw new AppError(404, CLUB_MESSAGES.notFound);
      if (club.starts_at < now) throw new AppError(409, CLUB_MESSAGES.past);
      try {
        await trx.insertInto('club_signups').values({ club_id: clubId, user_id: actor.id, created_at: now }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, CLUB_MESSAGES.already);
        throw error;
      }
      const seat = await trx
        .updateTable('clubs')
        .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
        .where('id', '=', clubId)
        .whereRef('seats_taken', '<', 'capacity')
        .executeTakeFirst();
      // No seat: the transaction is undone, sign-up row included.
      if (Number(seat.numUpdatedRows) !== 1) throw new AppError(409, CLUB_MESSAGES.full);
    });
    return this.one(actor, clubId);
  }

  async cancel(actor: Actor, clubId: string): Promise<Club> {
    await this.deps.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('club_signups')
        .where('club_id', '=', clubId)
        .where('user_id', '=', actor.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) throw new AppError(404, CLUB_MESSAGES.notSignedUp);
      await trx
        .updateTable('clubs')
        .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
        .where('id', '=', clubId)
        .execute();
    });
    return this.one(actor, clubId);
  }

  async create(actor: Actor, input: ClubInput): Promise<Club> {
    if (!canManageClubs(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const id = randomUUID();
    const now = clock.now();
    if (input.startsAt <= now) throw new AppError(400, CLUB_MESSAGES.startsInPast);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clubs')
        .values({ id, ...columnsOf(input), seats_taken: 0, created_at: now })
        .execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'club.create',
        target: `club:${id}`,
        summary: `«${input.title}», ${formatDateTime(input.startsAt)}, місць ${input.capacity}`,
        details: input,
        now,
      });
    });
    return this.one(actor, id);
  }

  async update(actor: Actor, clubId: string, input: ClubInput): Promise<Club> {
    if (!canManageClubs(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('clubs')
        .set(columnsOf(input))
        .where('id', '=', clubId)
        .where('seats_taken', '<=', input.capacity)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const exists = await trx.selectFrom('clubs').select('id').where('id', '=', clubId).executeTakeFirst();
        throw exists ? new AppError(409, CLUB_MESSAGES.capacityBelowTaken) : new AppError(404, CLUB_MESSAGES.notFound);
      }
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'club.update',
        target: `club:${clubId}`,
        summary: `«${input.title}», ${formatDateTime(input.startsAt)}, місць ${input.capacity}`,
        details: input,
        now,
      });
    });
    return this.one(actor, clubId);
  }

  /** Every club, past ones too, newest first: the admin console's list. */
  async listAll(actor: Actor): Promise<{ clubs: Club[] }> {
    if (!canManageClubs(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const rows = await this.deps.db
      .selectFrom('clubs as c')
      .leftJoin('club_signups as s', (join) => join.onRef('s.club_id', '=', 'c.id').on('s.user_id', '=', actor.id))
      .selectAll('c')
      .select('s.user_id as signed')
      .orderBy('c.starts_at', 'desc')
      .orderBy('c.id')
      .limit(300)
      .execute();
    return { clubs: rows.map((r) => clubOf(actor, r, r.signed !== null)) };
  }

  async signups(actor: Actor, clubId: string): Promise<ClubSignups> {
    if (!canManageClubs(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const club = await db.selectFrom('clubs').select('starts_at').where('id', '=', clubId).executeTakeFirst();
    if (!club) throw new AppError(404, CLUB_MESSAGES.notFound);
    const rows = await db
      .selectFrom('club_signups as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 's.created_at', 's.present_at'])
      .where('s.club_id', '=', clubId)
      .orderBy('s.created_at')
      .execute();
    return {
      signups: rows.map((r) => ({
        _id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        date: r.created_at,
        presentAt: r.present_at,
      })),
      started: club.starts_at <= clock.now(),
    };
  }

  /**
   * Marks a signed-up person present at a club that has started, or takes the mark back. Being
   * present is practice on the club's Kyiv day (docs/domain.md «The daily habit»): recorded, or
   * forgotten, in the same transaction as the mark and its audit line.
   */
  async markAttendance(actor: Actor, clubId: string, body: ClubAttendanceBody): Promise<ClubSignups> {
    if (!canMarkAttendance(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const club = await trx.selectFrom('clubs').selectAll().where('id', '=', clubId).executeTakeFirst();
      if (!club) throw new AppError(404, CLUB_MESSAGES.notFound);
      if (club.starts_at > now) throw new AppError(409, CLUB_MESSAGES.notStarted);
      const signup = await trx
        .selectFrom('club_signups as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.present_at', 'u.first_name', 'u.last_name'])
        .where('s.club_id', '=', clubId)
        .where('s.user_id', '=', body.userId)
        .executeTakeFirst();
      if (!signup) throw new AppError(404, CLUB_MESSAGES.notSignedUpPerson);
      // Marking twice keeps the first mark: nothing changes, nothing is logged.
      if ((signup.present_at !== null) === body.present) return;
      await trx
        .updateTable('club_signups')
        .set(body.present ? { present_at: now, marked_by: actor.id } : { present_at: null, marked_by: null })
        .where('club_id', '=', clubId)
        .where('user_id', '=', body.userId)
        .execute();
      const sourceKey = `club:${clubId}:${body.userId}`;
      if (body.present) {
        await recordPractice(trx, {
          userId: body.userId,
          kind: 'club',
          sourceKey,
          at: now,
          day: kyivIsoDate(club.starts_at),
        });
      } else {
        await forgetPractice(trx, sourceKey);
      }
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'club.attendance',
        target: `club:${clubId}`,
        summary: `«${club.title}»: ${signup.first_name} ${signup.last_name} — ${body.present ? 'присутні' : 'позначку знято'}`,
        details: body,
        now,
      });
    });
    return this.signups(actor, clubId);
  }

  private async one(actor: Actor, clubId: string): Promise<Club> {
    const { db } = this.deps;
    const club = await db.selectFrom('clubs').selectAll().where('id', '=', clubId).executeTakeFirst();
    if (!club) throw new AppError(404, CLUB_MESSAGES.notFound);
    const signed = await db
      .selectFrom('club_signups')
      .select('user_id')
      .where('club_id', '=', clubId)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    return clubOf(actor, club, Boolean(signed));
  }
}

function columnsOf(input: ClubInput) {
  return {
    title: input.title,
    description: input.description,
    city: input.city,
    place: input.place,
    link: input.link,
    host: input.host,
    starts_at: input.startsAt,
    duration_min: input.durationMin,
    capacity: input.capacity,
  };
}

function clubOf(actor: Actor, row: ClubsTable, signedUp: boolean): Club {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    place: row.place,
    link: canSeeLink(actor, row, signedUp) ? row.link : '',
    host: row.host,
    startsAt: row.starts_at,
    durationMin: row.duration_min,
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - row.seats_taken),
    signedUp,
  };
}
