import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { emailSchema, kyivIsoDate, MAX_FILE_BYTES, ROLES, type Role, waveLabelSchema } from '@yedyni/contract';
import type { Db, Executor } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import type { FileStore } from '../../infra/storage.js';
import { findUserByEmail, insertUser, isBcryptHash } from '../auth/index.js';
import { insertEnrollment, sanitizeLessonHtml } from '../courses/index.js';
import { detectFileType } from '../files/index.js';
import { findOrder, pendingOrder } from '../payments/index.js';
import { addFootprint } from '../support/index.js';
import { COLLECTIONS, type Collection, documents, fileForUrl, hasCollection, own } from './export-files.js';
import * as repo from './repo.js';
import { ImportReport } from './report.js';
import { InvitationTree } from './tree.js';

export interface ImportOptions {
  /** The folder with the `mongoexport --jsonArray` files. */
  folder: string;
  /** Lesson HTML pages downloaded beside the export, matched by URL. */
  content?: string | undefined;
  /** Homework and chat attachments downloaded beside the export, matched by URL. */
  files?: string | undefined;
  /** Report only: everything is done inside the transaction, which is then rolled back. */
  dryRun: boolean;
  now: number;
  /** A line for the terminal every PROGRESS_EVERY documents of a collection. */
  progress?: (line: string) => void;
}

const PROGRESS_EVERY = 10_000;

/** Thrown inside the transaction of a dry run, to roll it back once the report is complete. */
class RolledBack extends Error {}

/**
 * Imports an export of the platform Єдині replaces (docs/domain.md «Import»), all or nothing: one
 * transaction holds every write, so a broken file, a database error or a dry run leaves the
 * installation as it was. Records are mapped old id → new id (import_ids), so running it again
 * skips what is there and adds only what is new. Attachment bytes are written to the store
 * before the commit; when the transaction does not commit, they are removed again.
 */
export async function importOriginal(db: Db, store: FileStore, options: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport();
  const saved: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const run = new ImportRun(trx, store, options, report, saved);
      await run.all();
      if (options.dryRun) throw new RolledBack();
    });
  } catch (error) {
    await Promise.all(saved.map((key) => store.remove(key)));
    if (!(error instanceof RolledBack)) throw error;
  }
  return report;
}

type Doc = Record<string, unknown>;

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A lesson's day: the old platform's string ("1", "2", …) as our number. */
const dayOf = (value: unknown): number | null => {
  const day = Number(str(value).trim());
  return Number.isInteger(day) && day >= 1 && day <= 999 ? day : null;
};
const link = (label: string, url: string) => `<p><a href="${url.replace(/"/g, '&quot;')}">${label}</a></p>`;

interface CourseInfo {
  id: string;
  title: string;
  wave: string;
}

class ImportRun {
  private users = new Map<string, string>();
  private courses = new Map<string, CourseInfo>();
  /** `"<title>-<wave>"` → the course: the chat rooms' names. */
  private courseByTitle = new Map<string, CourseInfo>();
  /** A payment's payer when its callback named none: the user whose `donats` hold it. */
  private payers = new Map<string, string>();
  private tree = new InvitationTree();

  constructor(
    private readonly trx: Executor,
    private readonly store: FileStore,
    private readonly options: ImportOptions,
    private readonly report: ImportReport,
    private readonly saved: string[],
  ) {}

  async all(): Promise<void> {
    this.users = await repo.mappedIds(this.trx, 'user');
    for (const [oldId, id] of await repo.mappedIds(this.trx, 'course')) {
      const course = await repo.courseOf(this.trx, id);
      this.remember(oldId, { id, title: course.title, wave: course.current_wave });
    }
    const steps: Record<Collection, (doc: Doc) => Promise<void>> = {
      courses: (doc) => this.course(doc),
      users: (doc) => this.user(doc),
      payments: (doc) => this.payment(doc),
      diaries: (doc) => this.diary(doc),
      exercises: (doc) => this.exercise(doc),
      messages: (doc) => this.message(doc),
    };
    for (const name of COLLECTIONS) {
      if (!(await hasCollection(this.options.folder, name))) {
        this.report.missingFiles.push(`${name}.json`);
        continue;
      }
      let seen = 0;
      for await (const doc of documents(this.options.folder, name)) {
        await steps[name](doc);
        seen += 1;
        if (seen % PROGRESS_EVERY === 0) this.options.progress?.(`${name}: ${seen}`);
      }
      if (seen >= PROGRESS_EVERY) this.options.progress?.(`${name}: ${seen} — готово`);
      if (name === 'users') await this.invitations();
    }
  }

  private remember(oldId: string, course: CourseInfo): void {
    this.courses.set(own(oldId), course);
    this.courseByTitle.set(course.title, course);
  }

  // ---- courses, waves, lessons --------------------------------------------------------------

  private async course(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    const { now } = this.options;
    const known = this.courses.get(oldId);
    const wave = waveLabelSchema.safeParse(doc.wave);
    const next =
      doc.nextWave === undefined || doc.nextWave === null || doc.nextWave === ''
        ? null
        : waveLabelSchema.safeParse(doc.nextWave);
    let course = known;
    if (!course) {
      const title = str(doc.title).trim();
      if (!oldId || !title) return this.report.skip('course', 'без id або назви', oldId);
      if (!wave.success) return this.report.skip('course', 'хвиля не число', oldId);
      course = { id: randomUUID(), title, wave: wave.data };
      const links = [
        ['Канал хвилі', doc.canal],
        ['Група у Viber', doc.viber],
        ['Чат хвилі', doc.chat],
        ['Реєстрація', doc.registration],
      ]
        .filter(([, url]) => str(url))
        .map(([label, url]) => `${label}: ${str(url)}`);
      await repo.insertCourse(this.trx, {
        id: course.id,
        slug: `original-${oldId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 80),
        title,
        description: links.join('\n'),
        starter: 0,
        position: 0,
        current_wave: course.wave,
        next_wave: next?.success ? next.data : null,
        created_at: num(doc.createdAt) ?? now,
      });
      await repo.mapId(this.trx, 'course', oldId, course.id, now);
      this.remember(oldId, course);
      this.report.add('course');
    } else {
      this.report.had('course');
      if (next?.success && next.data !== course.wave) await repo.announceNextWave(this.trx, course.id, next.data);
    }
    const start = num(doc.start);
    const nextStart = num(doc.nextStart);
    if (start !== null) await repo.insertWave(this.trx, course.id, course.wave, start);
    if (next?.success && nextStart !== null && next.data !== course.wave) {
      await repo.insertWave(this.trx, course.id, next.data, nextStart);
    }
    if (next && !next.success) this.report.note('наступна хвиля не число, не перенесено', oldId);
    for (const raw of list(doc.lessons)) {
      const lesson = raw as Doc;
      const day = dayOf(lesson.day);
      if (day === null) {
        this.report.skip('lesson', 'день уроку не число від 1 до 999', `${oldId}/${str(lesson.day)}`);
        continue;
      }
      const added = await repo.insertLesson(this.trx, {
        course_id: course.id,
        day,
        theme: str(lesson.theme).slice(0, 200),
        image: str(lesson.image),
        content_html: await this.lessonPart(lesson.content, 'Урок'),
        theory_html: await this.lessonPart(lesson.theory, 'Теорія'),
        practice_html:
          (await this.lessonPart(lesson.practice, 'Практика')) +
          (str(lesson.test) ? link('Тест уроку', str(lesson.test)) : ''),
        audio: JSON.stringify(list(lesson.audio).map(str).filter(Boolean)),
        video: JSON.stringify(
          list(lesson.video).map((v) => ({ title: str((v as Doc).title), url: str((v as Doc).url) })),
        ),
        // The old test is a page elsewhere (linked above), not questions this platform can score.
        test: '[]',
        diary_prompt: str(lesson.diary),
        content_md: null,
        theory_md: null,
        practice_md: null,
      });
      this.report[added ? 'add' : 'had']('lesson');
      const date = num(lesson.scheduledDate);
      if (date !== null) {
        await repo.insertSchedule(this.trx, course.id, course.wave, day, date);
        // The announced wave runs the same schedule, moved by the distance between the starts.
        if (next?.success && nextStart !== null && start !== null && next.data !== course.wave) {
          await repo.insertSchedule(this.trx, course.id, next.data, day, date + (nextStart - start));
        }
      }
    }
  }

  /** A lesson part: the downloaded page, sanitized as every lesson is, or a link to where it lives. */
  private async lessonPart(url: unknown, label: string): Promise<string> {
    const address = str(url);
    if (!address) return '';
    const file = await fileForUrl(this.options.content, address);
    if (file) return sanitizeLessonHtml(await readFile(file, 'utf8'));
    if (this.options.content) this.report.note('сторінку уроку не знайдено серед --content, лишено посилання', address);
    return sanitizeLessonHtml(link(label, address));
  }

  // ---- people, their ledgers and enrolments ---------------------------------------------------

  private async user(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    const { now } = this.options;
    if (!oldId) return this.report.skip('user', 'без id');
    for (const paymentId of list(doc.donats)) this.payers.set(own(str(paymentId)), own(oldId));
    let userId = this.users.get(oldId);
    const createdAt = num(doc.createdAt) ?? now;
    if (userId) {
      this.report.had('user');
    } else {
      const email = emailSchema.safeParse(doc.email);
      if (!email.success) return this.report.skip('user', 'неправильна адреса e-mail', oldId);
      if (await findUserByEmail(this.trx, email.data)) {
        return this.report.skip(
          'user',
          'адреса e-mail уже є (відрізняється лише регістром літер)',
          `${oldId} ${email.data}`,
        );
      }
      const role = (ROLES as readonly string[]).includes(str(doc.status)) ? (str(doc.status) as Role) : 'user';
      if (role !== str(doc.status)) this.report.note('невідомий status, роль «user»', oldId);
      const hash = str(doc.password);
      if (!isBcryptHash(hash)) this.report.note('без пароля bcrypt: увійде лише після відновлення пароля', oldId);
      userId = randomUUID();
      await insertUser(this.trx, {
        id: userId,
        first_name: str(doc.first_name).trim().slice(0, 60),
        last_name: str(doc.last_name).trim().slice(0, 60),
        email: email.data,
        // The old `token` and `verificationToken` stay behind: nothing derived from them is trusted.
        password_hash: isBcryptHash(hash) ? hash : '',
        role,
        // Set once every person is in (invitations()): an inviter may come later in the file.
        inviter_id: ROOT_USER_ID,
        created_at: createdAt,
        mark: 0,
        email_verified_at: doc.verify === true ? createdAt : null,
      });
      await repo.mapId(this.trx, 'user', oldId, userId, now);
      this.users.set(own(oldId), userId);
      this.report.add('user');
    }
    this.tree.add(oldId, str(doc.inviter) || null, list(doc.team).map(str));
    for (const courseOldId of list(doc.courses).map(str)) {
      const course = this.courses.get(courseOldId);
      if (!course) {
        this.report.skip('enrollment', 'невідомий курс', `${oldId}→${courseOldId}`);
        continue;
      }
      const added = await insertEnrollment(this.trx, userId, course.id, course.wave, createdAt);
      this.report[added ? 'add' : 'had']('enrollment');
    }
    await this.ledger(oldId, userId, doc);
  }

  /** The points ledger row by row (its dates and comments), then its total against `ukrainianMark`. */
  private async ledger(oldId: string, userId: string, doc: Doc): Promise<void> {
    let row = 0;
    for (const raw of list(doc.historyUkrainianMark)) {
      const entry = raw as Doc;
      const points = num(entry.points);
      const key = `original:${oldId}:${row}`;
      row += 1;
      if (points === null || !Number.isInteger(points)) {
        this.report.skip('mark', 'бали не ціле число', key);
        continue;
      }
      const added = await addFootprint(this.trx, {
        userId,
        points,
        comment: str(entry.comment).slice(0, 500),
        sourceKey: key,
        date: num(entry.date) ?? num(doc.createdAt) ?? this.options.now,
      });
      this.report[added ? 'add' : 'had']('mark');
    }
    const expected = num(doc.ukrainianMark);
    if (expected === null) return;
    const { mark } = await repo.markOf(this.trx, userId);
    if (Number(mark) !== expected) {
      this.report.note('сума рядків Укр.сліду не дорівнює ukrainianMark', `${oldId}: ${mark} ≠ ${expected}`);
    }
  }

  /** The invitation tree, once everybody is in: consistent links only; cycles and dangling ids reported. */
  private async invitations(): Promise<void> {
    const checked = this.tree.check();
    for (const [reason, detail] of checked.notes) this.report.note(reason, detail);
    for (const [member, inviter] of checked.links) {
      const memberId = this.users.get(member);
      const inviterId = this.users.get(inviter);
      if (!memberId) continue;
      if (!inviterId) {
        this.report.note('запрошувач не перенесений, запрошення не перенесено', `${member}→${inviter}`);
        continue;
      }
      await repo.setInviter(this.trx, memberId, inviterId, ROOT_USER_ID);
    }
    this.tree = new InvitationTree();
  }

  // ---- payments and subscriptions -----------------------------------------------------------

  private async payment(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    const data = (doc.data ?? {}) as Doc;
    const orderId = str(data.order_id);
    if (!orderId) return this.report.skip('order', 'без order_id', oldId);
    const payer = str(data.customer) || this.payers.get(oldId) || '';
    const userId = this.users.get(payer);
    if (!userId) return this.report.skip('order', 'невідомий платник', oldId);
    const amount = num(data.amount);
    if (amount === null || amount <= 0) return this.report.skip('order', 'без суми', oldId);
    const amountKop = Math.round(amount * 100);
    const objSub = (doc.objSub ?? null) as Doc | null;
    const action = str(data.action);
    const monthly = objSub !== null || action === 'subscribe' || action === 'regular';
    const cancelled = objSub?.isUnsubscribe === true;
    const createdAt = num(doc.createdAt) ?? num(data.create_date) ?? this.options.now;
    const endedAt = num(doc.updatedAt) ?? num(objSub?.lastPaymentDate) ?? createdAt;
    const status = str(data.status);
    const charged = status === 'success' || status === 'sandbox' || status === 'reversed';
    const existing = await findOrder(this.trx, orderId);
    if (existing) {
      if (existing.user_id !== userId) return this.report.skip('order', 'order_id уже має інший платник', oldId);
      this.report.had('order');
      if (monthly && cancelled) await repo.endSubscription(this.trx, orderId, endedAt);
    } else {
      await repo.insertOrder(this.trx, {
        // The payments' own blank order (every later column empty), then what the old one was.
        ...pendingOrder({
          order_id: orderId,
          user_id: userId,
          subscribe: monthly ? 1 : 0,
          amount_kop: amountKop,
          info: str(data.info).slice(0, 1000),
          created_at: createdAt,
        }),
        status: monthly
          ? cancelled
            ? 'unsubscribed'
            : 'subscribed'
          : charged
            ? 'paid'
            : status === 'failure' || status === 'error'
              ? 'failed'
              : 'pending',
        subscribed_at: monthly ? createdAt : null,
        unsubscribed_at: monthly && cancelled ? endedAt : null,
      });
      await repo.mapId(this.trx, 'order', oldId, orderId, this.options.now);
      this.report.add('order');
    }
    const paymentId = str(data.payment_id);
    if (!charged || !paymentId) return;
    const endDate = num(data.end_date) ?? num(data.create_date) ?? createdAt;
    // The ledger rows of the old platform already hold this charge's points: none are added here.
    const added = await repo.insertCharge(this.trx, {
      id: randomUUID(),
      payment_id: paymentId.slice(0, 64),
      order_id: orderId,
      user_id: userId,
      action: monthly ? (action === 'regular' ? 'regular' : 'subscribe') : 'pay',
      amount_kop: amountKop,
      description: str(data.description).slice(0, 255),
      info: str(data.info).slice(0, 1000),
      end_date: endDate,
      card_mask: str(data.sender_card_mask2).slice(0, 32),
      created_at: createdAt,
      reversed_at: status === 'reversed' ? endedAt : null,
    });
    this.report[added ? 'add' : 'had']('charge');
  }

  // ---- diaries, homework, chat ---------------------------------------------------------------

  /** The learner and course a record names, or why it has none (it is then skipped). */
  private owner(doc: Doc, userField: string, courseId: unknown): { userId: string; course: CourseInfo } | string {
    const userId = this.users.get(str(doc[userField]));
    if (!userId) return 'невідомий власник';
    const course = this.courses.get(str(courseId));
    if (!course) return 'невідомий курс';
    return { userId, course };
  }

  private async diary(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    if (await repo.mappedId(this.trx, 'diary', oldId)) return this.report.had('diary');
    const owner = this.owner(doc, 'owner', doc.courseId);
    if (typeof owner === 'string') return this.report.skip('diary', owner, oldId);
    const day = dayOf(doc.lessonId);
    if (day === null) return this.report.skip('diary', 'невідомий урок', oldId);
    const createdAt = num(doc.createdAt) ?? this.options.now;
    const given = str(doc.date).trim();
    const parsed = Date.parse(given);
    const date = /^\d{4}-\d{2}-\d{2}$/.test(given) ? given : kyivIsoDate(Number.isFinite(parsed) ? parsed : createdAt);
    const test = num(doc.test);
    const id = randomUUID();
    const added = await repo.insertDiary(this.trx, {
      id,
      user_id: owner.userId,
      course_id: owner.course.id,
      day,
      date,
      entry: str(doc.entry).slice(0, 500),
      plan: str(doc.plan).slice(0, 500),
      // The self-reported score, kept as it was: version 0 is no test taken here.
      test: test !== null && test >= 0 && test <= 10 ? Math.round(test) : null,
      test_version: 0,
      created_at: createdAt,
      updated_at: num(doc.updatedAt) ?? createdAt,
    });
    if (!added) return this.report.skip('diary', 'другий запис на той самий урок', oldId);
    await repo.mapId(this.trx, 'diary', oldId, id, this.options.now);
    this.report.add('diary');
  }

  private async exercise(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    let exerciseId = await repo.mappedId(this.trx, 'exercise', oldId);
    if (exerciseId) {
      this.report.had('exercise');
    } else {
      const owner = this.owner(doc, 'owner', doc.course);
      if (typeof owner === 'string')
        return this.report.skip('exercise', owner === 'невідомий власник' ? 'без власника (сирітське)' : owner, oldId);
      const day = dayOf(doc.lessonId);
      if (day === null) return this.report.skip('exercise', 'невідомий урок', oldId);
      // Asked before the attachment is stored: a skipped record leaves no file row and no bytes.
      if (await repo.hasExercise(this.trx, owner.userId, owner.course.id, day)) {
        return this.report.skip('exercise', 'друге домашнє на той самий урок (з коментарями)', oldId);
      }
      const createdAt = num(doc.createdAt) ?? this.options.now;
      const updatedAt = num(doc.updatedAt) ?? createdAt;
      const waiting = str(doc.status) !== 'inactive';
      const rating = num(doc.rating);
      const file = await this.attachment(doc, owner.userId, 'exercise');
      exerciseId = randomUUID();
      await repo.insertExercise(this.trx, {
        id: exerciseId,
        user_id: owner.userId,
        course_id: owner.course.id,
        day,
        homework: str(doc.homework) + file.text,
        file_id: file.id,
        status: waiting ? 'active' : 'inactive',
        rating: rating !== null && Number.isInteger(rating) && rating >= 1 && rating <= 12 ? rating : null,
        rating_version: 0,
        created_at: createdAt,
        updated_at: updatedAt,
        waiting_since: waiting ? updatedAt : null,
        reviewed_at: waiting ? null : updatedAt,
        claimed_by: null,
        claim_until: null,
      });
      await repo.mapId(this.trx, 'exercise', oldId, exerciseId, this.options.now);
      this.report.add('exercise');
    }
    for (const raw of list(doc.comments)) {
      const comment = raw as Doc;
      const commentOld = str(comment._id) || `${oldId}:${str(comment.date)}`;
      if (await repo.mappedId(this.trx, 'comment', commentOld)) {
        this.report.had('comment');
        continue;
      }
      const authorId = this.users.get(str(comment.author));
      if (!authorId) {
        this.report.skip('comment', 'невідомий автор', commentOld);
        continue;
      }
      const file = await this.attachment(comment, authorId, 'exercise');
      const at = num(comment.date) ?? this.options.now;
      const id = randomUUID();
      await repo.insertComment(this.trx, {
        id,
        exercise_id: exerciseId,
        author_id: authorId,
        comment: str(comment.comment) + file.text,
        file_id: file.id,
        // `active` was «unread by the other side».
        is_read: str(comment.status) === 'active' ? 0 : 1,
        tags: '[]',
        created_at: at,
        updated_at: at,
      });
      await repo.mapId(this.trx, 'comment', commentOld, id, this.options.now);
      this.report.add('comment');
    }
  }

  private async message(doc: Doc): Promise<void> {
    const oldId = str(doc._id);
    if (await repo.mappedId(this.trx, 'message', oldId)) return this.report.had('message');
    const senderId = this.users.get(str(doc.sender));
    if (!senderId) return this.report.skip('message', 'невідомий автор', oldId);
    const room = this.room(str(doc.chat));
    if (!room) return this.report.skip('message', 'невідома кімната', oldId);
    const file = await this.attachment(doc, senderId, 'chat');
    const id = randomUUID();
    await repo.insertMessage(this.trx, {
      id,
      course_id: room.courseId,
      wave: room.wave,
      sender_id: senderId,
      text: (str(doc.text).trim() + file.text).trim(),
      file_id: file.id,
      date: num(doc.date) ?? num(doc.createdAt) ?? this.options.now,
      edited_at: null,
    });
    await repo.mapId(this.trx, 'message', oldId, id, this.options.now);
    this.report.add('message');
  }

  /** `"<course title>-<wave>"`: the title may hold hyphens itself, the wave does not. */
  private room(name: string): { courseId: string; wave: string } | null {
    const cut = name.lastIndexOf('-');
    if (cut <= 0) return null;
    const course = this.courseByTitle.get(name.slice(0, cut));
    const wave = waveLabelSchema.safeParse(name.slice(cut + 1));
    return course && wave.success ? { courseId: course.id, wave: wave.data } : null;
  }

  /**
   * A record's `fileURL`: the downloaded file, stored as an upload of `ownerId` (its type decided
   * from the bytes, as for every upload), or, without it, the link added to the record's text.
   */
  private async attachment(
    doc: Doc,
    ownerId: string,
    purpose: 'exercise' | 'chat',
  ): Promise<{ id: string | null; text: string }> {
    const url = str(doc.fileURL);
    if (!url) return { id: null, text: '' };
    const name = str(doc.fileName) || url.split('/').pop() || 'file';
    const asLink = { id: null, text: `\n\nФайл: ${name} — ${url}` };
    const file = await fileForUrl(this.options.files, url);
    if (!file) {
      this.report.note(
        this.options.files
          ? 'файл не знайдено серед --files, лишено посилання'
          : 'файли лишено посиланнями (без --files)',
        url,
      );
      return asLink;
    }
    if ((await stat(file)).size > MAX_FILE_BYTES) {
      this.report.note('файл більший за дозволений, лишено посилання', url);
      return asLink;
    }
    const bytes = await readFile(file);
    const mime = await detectFileType(bytes, name);
    if (!mime) {
      this.report.note('тип файлу не приймається, лишено посилання', url);
      return asLink;
    }
    // A dry run writes no bytes: its rows are rolled back anyway.
    const key = this.options.dryRun ? randomBytes(16).toString('hex') : (await this.store.save(bytes)).key;
    if (!this.options.dryRun) this.saved.push(key);
    const id = randomUUID();
    await repo.insertFile(this.trx, {
      id,
      storage_key: key,
      owner_id: ownerId,
      mime,
      name: name.slice(0, 200),
      size: bytes.length,
      created_at: this.options.now,
      purpose,
    });
    this.report.add('file');
    return { id, text: '' };
  }
}
