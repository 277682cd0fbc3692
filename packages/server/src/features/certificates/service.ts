import { randomBytes } from 'node:crypto';
import {
  ACCESS_MESSAGES,
  type AdminCertificateCriteria,
  type AdminCertificates,
  addIsoDays,
  CERTIFICATE_ID_LENGTH,
  CERTIFICATE_MESSAGES,
  type Certificate,
  type CertificateCriteria,
  CROCKFORD_ALPHABET,
  DEFAULT_CRITERIA,
  formatDay,
  kyivDateRange,
  kyivIsoDate,
  type MyCertificates,
  normalizeCertificateId,
  type PublicCertificate,
  WAVE_DAYS,
} from '@yedyni/contract';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { AttemptCounter } from '../../infra/rate-limit.js';
import type { Actor } from '../auth/index.js';
import type { NotificationService } from '../notifications/index.js';
import { certificatePdf } from './document.js';
import { canManageCertificates, canRevokeCertificate } from './policy.js';
import * as repo from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per INSERT when a wave's certificates are issued: well under both databases' parameter limits. */
const INSERT_ROWS = 500;
/** Certificates told per minute: about what the olympiad start tells (2,000 a minute), kept lower. */
const TELL_BATCH = 500;

/** A wave's Kyiv days: from its start day, WAVE_DAYS of them; it ends at 00:00 Kyiv of the day after. */
export function waveWindow(start: number): { fromDay: string; toDay: string; endsAt: number } {
  const fromDay = kyivIsoDate(start);
  const toDay = addIsoDays(fromDay, WAVE_DAYS);
  return { fromDay, toDay, endsAt: kyivDateRange(toDay).start };
}

/** 10 characters of Crockford's base32 from 50 random bits (a byte's low 5 bits each). */
function newCertificateId(): string {
  return Array.from(randomBytes(CERTIFICATE_ID_LENGTH), (byte) => CROCKFORD_ALPHABET[byte & 31]).join('');
}

type Criteria = Omit<CertificateCriteria, 'enabled'>;

function meets(criteria: Criteria, progress: repo.WaveProgress | undefined, lessons: number): boolean {
  const p = progress ?? { diaryDays: 0, homework: 0, selfTests: 0 };
  return (
    p.diaryDays >= criteria.diaryDays &&
    p.selfTests >= criteria.selfTests &&
    (!criteria.allHomework || p.homework >= lessons)
  );
}

function criteriaOf(row: { diary_days: number; all_homework: number; self_tests: number }): Criteria {
  return { diaryDays: row.diary_days, allHomework: row.all_homework === 1, selfTests: row.self_tests };
}

/**
 * What anyone may see: exactly these fields (docs/domain.md «Certificates»). A revocation says
 * when, never why: the reason is about a person, and the page is open to anybody with the id.
 */
function publicView(row: repo.CertificateRow): PublicCertificate {
  return {
    name: row.name,
    course: row.course_title,
    wave: row.wave,
    issuedAt: row.issued_at,
    revoked: row.revoked_at === null ? null : { at: row.revoked_at },
  };
}

/** The learner's own (and the console's) view: the id, and the reason of a revocation. */
function ownView(row: repo.CertificateRow): Certificate {
  const shown = publicView(row);
  return {
    id: row.id,
    ...shown,
    revoked: shown.revoked && { ...shown.revoked, ...(row.revoked_reason ? { reason: row.revoked_reason } : {}) },
  };
}

/**
 * Certificates: criteria per course, issued by a sweep once a wave has ended, verified by anyone
 * by their id, revoked by admins.
 */
export class CertificatesService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      notifications: NotificationService;
      /** Where `/certificates/<id>` is served: the QR code and the PDF point there. */
      publicUrl: string;
      /** Public look-ups per address, so ids cannot be tried in bulk. */
      lookups: AttemptCounter;
    },
  ) {}

  /**
   * The sweep: every wave that has ended and is not yet done is certified once, under the criteria
   * in force then. Each wave in one transaction that first claims it (certificate_waves), so
   * instances sweeping at once certify it once; the unique (user, course, wave) holds even so.
   */
  async issueDue(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    // A wave of 28 Kyiv days is at least 28 × 24 − 1 hours long (a DST switch); the exact end is checked below.
    const waves = await repo.unsweptWaves(db, now - (WAVE_DAYS - 1) * DAY_MS);
    let issued = 0;
    for (const wave of waves) {
      if (waveWindow(wave.start).endsAt > now) continue;
      issued += await db
        .transaction()
        .execute((trx) => this.issueWave(trx, wave.course_id, wave.label, wave.start, now));
    }
    return issued;
  }

  private async issueWave(trx: Executor, courseId: string, wave: string, start: number, now: number): Promise<number> {
    if (!(await repo.claimWave(trx, courseId, wave, now))) return 0;
    const [criteria, course] = await Promise.all([repo.findCriteria(trx, courseId), repo.findCourse(trx, courseId)]);
    if (criteria?.enabled !== 1 || !course) return 0;
    const { fromDay, toDay } = waveWindow(start);
    const [learners, progress, lessons] = await Promise.all([
      repo.waveLearners(trx, courseId, wave),
      repo.waveProgress(trx, { courseId, wave, fromDay, toDay }),
      repo.lessonCount(trx, courseId),
    ]);
    const wanted = criteriaOf(criteria);
    const rows: repo.CertificateRow[] = learners
      .filter((learner) => meets(wanted, progress.get(learner.id), lessons))
      .map((learner) => ({
        id: newCertificateId(),
        user_id: learner.id,
        course_id: courseId,
        wave,
        name: `${learner.first_name} ${learner.last_name}`.trim(),
        course_title: course.title,
        issued_at: now,
        revoked_at: null,
        revoked_reason: null,
        told_at: null,
      }));
    let issued = 0;
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      issued += (await repo.insertCertificates(trx, rows.slice(i, i + INSERT_ROWS))).length;
    }
    await trx
      .updateTable('certificate_waves')
      .set({ issued })
      .where('course_id', '=', courseId)
      .where('wave', '=', wave)
      .execute();
    return issued;
  }

  /**
   * Tells the learners of the certificates issued and not yet told (a notifications tick source):
   * up to TELL_BATCH a minute, each in a transaction of its own with the mark that it was told, so
   * a wave of thousands never holds the database in one long transaction, and a crash between the
   * two leaves the rest for the next minute (the notification's key makes a repeat a no-op).
   */
  async tellIssued(): Promise<number> {
    const { db } = this.deps;
    const untold = await repo.untoldCertificates(db, TELL_BATCH);
    let told = 0;
    for (const row of untold) {
      await db.transaction().execute(async (trx) => {
        const title = CERTIFICATE_MESSAGES.issuedTitle(row.course_title);
        await this.deps.notifications.notify(trx, {
          userId: row.user_id,
          category: 'lessons',
          key: `certificate:${row.course_id}:${row.wave}`,
          title,
          body: CERTIFICATE_MESSAGES.issuedBody(row.wave),
          link: `/certificates/${row.id}`,
          email: {
            subject: title,
            paragraphs: [
              CERTIFICATE_MESSAGES.issuedBody(row.wave),
              `Номер сертифіката: ${row.id}. За посиланням його може перевірити будь-хто, там же PDF.`,
            ],
            action: 'Мій сертифікат',
          },
        });
        await repo.markTold(trx, row.id, this.deps.clock.now());
      });
      told += 1;
    }
    return told;
  }

  private async lookUp(typedId: string, address: string): Promise<repo.CertificateRow> {
    await this.deps.lookups.consume(address);
    const id = normalizeCertificateId(typedId);
    const row = id ? await repo.findCertificate(this.deps.db, id) : undefined;
    if (!row) throw new AppError(404, CERTIFICATE_MESSAGES.notFound);
    return row;
  }

  /** The public check: anyone, by the id alone. */
  async verify(typedId: string, address: string): Promise<PublicCertificate> {
    return publicView(await this.lookUp(typedId, address));
  }

  /** The PDF, public like the check; a revoked certificate is no longer given out as a document (410). */
  async pdf(typedId: string, address: string): Promise<{ id: string; bytes: Buffer }> {
    const row = await this.lookUp(typedId, address);
    if (row.revoked_at !== null) throw new AppError(410, CERTIFICATE_MESSAGES.revokedPdf);
    const bytes = await certificatePdf({
      id: row.id,
      name: row.name,
      course: row.course_title,
      wave: row.wave,
      issuedAt: row.issued_at,
      url: this.publicLink(row.id),
    });
    return { id: row.id, bytes };
  }

  publicLink(id: string): string {
    return `${this.deps.publicUrl}/certificates/${id}`;
  }

  /** My certificates, and for each running wave of a course with criteria, how far I am. */
  async mine(actor: Actor): Promise<MyCertificates> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const [rows, enrollments] = await Promise.all([
      repo.certificatesOf(db, actor.id),
      repo.enrollmentsWithCriteria(db, actor.id),
    ]);
    const progress: MyCertificates['progress'] = [];
    for (const e of enrollments) {
      const { fromDay, toDay, endsAt } = waveWindow(e.start);
      if (endsAt <= now) continue;
      const [mine, lessons] = await Promise.all([
        repo.waveProgress(db, { courseId: e.course_id, wave: e.wave, fromDay, toDay, onlyUser: actor.id }),
        repo.lessonCount(db, e.course_id),
      ]);
      const p = mine.get(actor.id) ?? { diaryDays: 0, homework: 0, selfTests: 0 };
      progress.push({
        courseId: e.course_id,
        course: e.title,
        wave: e.wave,
        endsAt,
        criteria: criteriaOf(e),
        diaryDays: p.diaryDays,
        homework: { done: Math.min(p.homework, lessons), total: lessons },
        selfTests: p.selfTests,
      });
    }
    progress.sort((a, b) => a.endsAt - b.endsAt || a.course.localeCompare(b.course, 'uk'));
    return { certificates: rows.map(ownView), progress };
  }

  private manage(actor: Actor): void {
    if (!canManageCertificates(actor)) throw new AppError(403, ACCESS_MESSAGES.adminsOnly);
  }

  async criteria(actor: Actor, courseId: string, db: Executor = this.deps.db): Promise<AdminCertificateCriteria> {
    this.manage(actor);
    const course = await repo.findCourse(db, courseId);
    if (!course) throw new AppError(404, CERTIFICATE_MESSAGES.courseNotFound);
    const [row, lessons] = await Promise.all([repo.findCriteria(db, courseId), repo.lessonCount(db, courseId)]);
    const criteria = row ? { enabled: row.enabled === 1, ...criteriaOf(row) } : DEFAULT_CRITERIA;
    return { courseId, course: course.title, lessons, ...criteria };
  }

  async saveCriteria(actor: Actor, courseId: string, input: CertificateCriteria): Promise<AdminCertificateCriteria> {
    this.manage(actor);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const course = await repo.findCourse(trx, courseId);
      if (!course) throw new AppError(404, CERTIFICATE_MESSAGES.courseNotFound);
      const lessons = await repo.lessonCount(trx, courseId);
      if (input.selfTests > lessons) throw new AppError(400, CERTIFICATE_MESSAGES.selfTestsOverLessons(lessons));
      const values = {
        enabled: input.enabled ? 1 : 0,
        diary_days: input.diaryDays,
        all_homework: input.allHomework ? 1 : 0,
        self_tests: input.selfTests,
        updated_at: now,
      };
      await trx
        .insertInto('certificate_criteria')
        .values({ course_id: courseId, ...values })
        .onConflict((c) => c.column('course_id').doUpdateSet(values))
        .execute();
      const what = input.enabled
        ? `щоденник ${input.diaryDays} дн., самоперевірок ${input.selfTests}${input.allHomework ? ', усі домашні' : ''}`
        : 'вимкнено';
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'certificate.criteria',
        target: `course:${courseId}`,
        summary: `«${course.title}»: умови сертифіката — ${what}`,
        details: input,
        now,
      });
      return this.criteria(actor, courseId, trx);
    });
  }

  async list(actor: Actor, query: { courseId: string; page: number; limit: number }): Promise<AdminCertificates> {
    this.manage(actor);
    const { rows, total } = await repo.courseCertificates(this.deps.db, query.courseId, query.page, query.limit);
    return {
      certificates: rows.map((row) => ({ ...ownView(row), canRevoke: canRevokeCertificate(actor, row) })),
      totalPages: Math.ceil(total / query.limit),
    };
  }

  /** Revokes with a reason; the public page says so from then on. Audited in the same transaction. */
  async revoke(actor: Actor, id: string, reason: string) {
    this.manage(actor);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.findCertificate(trx, id);
      if (!row) throw new AppError(404, CERTIFICATE_MESSAGES.notFound);
      const changed = await trx
        .updateTable('certificates')
        .set({ revoked_at: now, revoked_reason: reason || null })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Two admins at once: the first revocation stands, with its reason.
      if (Number(changed.numUpdatedRows) === 0) throw new AppError(409, CERTIFICATE_MESSAGES.alreadyRevoked);
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'certificate.revoke',
        target: `certificate:${id}`,
        summary: `Сертифікат ${id} (${row.name}, «${row.course_title}», хвиля ${row.wave}, ${formatDay(row.issued_at)}) відкликано${reason ? `: ${reason}` : ''}`,
        details: { reason },
        now,
      });
      const revoked = { ...row, revoked_at: now, revoked_reason: reason || null };
      return { ...ownView(revoked), canRevoke: canRevokeCertificate(actor, revoked) };
    });
  }
}
