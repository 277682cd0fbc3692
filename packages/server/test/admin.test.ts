import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { kyivDateRange, kyivTime } from '@yedyni/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContent } from '../src/cli/content.js';
import { pendingOrder } from '../src/features/payments/repo.js';
import { loadConfig } from '../src/infra/config.js';
import { startTestApp, type TestApp } from './support/app.js';
import { DAY, importFixtures, signUp, staff } from './support/courses.js';
import { PNG } from './support/files.js';
import { donateAndPay, providerCallback } from './support/liqpay.js';
import { enableTwoStep } from './support/two-step.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The only console calls curators may make: seeing the courses they schedule and announce, and their own reply times. */
const CURATOR_CALLS = new Set([
  'GET /api/admin/courses',
  'GET /api/admin/courses/{id}',
  'GET /api/admin/homework/reply-times',
]);

describe('admin console API', () => {
  let t: TestApp;
  let admin: string;
  let moderator: string;
  let learner: Awaited<ReturnType<typeof signUp>>;
  let courses: { alpha: string; beta: string };

  beforeAll(async () => {
    t = await startTestApp();
    courses = await importFixtures(t);
    admin = await staff(t, 'admin');
    moderator = await staff(t, 'moderator');
    learner = await signUp(t, { first_name: 'Ярина', last_name: 'Гнатюк' });
  });
  afterAll(() => t.close());

  describe('every call is refused to learners and curators (and to nobody signed in)', async () => {
    const docs = await (async () => {
      const app = await startTestApp();
      try {
        return (await app.api('GET', '/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
      } finally {
        await app.close();
      }
    })();
    const calls = Object.entries(docs.paths)
      .filter(([route]) => route.startsWith('/api/admin/'))
      .flatMap(([route, ops]) => METHODS.filter((m) => m in ops).map((m) => ({ method: m.toUpperCase(), route })));

    it('lists the whole console in the OpenAPI document', () => {
      expect(calls.length).toBeGreaterThanOrEqual(30);
    });

    it.each(calls)('$method $route', async ({ method, route }) => {
      // Ids of nothing: the door is shut before any lookup, so no id may tell what exists.
      const url = route.replace(/\{[^}]+\}/g, (name) => (name === '{day}' ? '1' : 'x'));
      const key = `${method} ${route}`;
      expect((await t.api(method, url)).status).toBe(401);
      expect((await t.api(method, url, { token: learner.token })).status).toBe(403);
      const asCurator = await t.api(method, url, { token: moderator });
      if (CURATOR_CALLS.has(key)) expect(asCurator.status).not.toBe(403);
      else expect(asCurator.status).toBe(403);
      expect(typeof (await t.api(method, url, { token: learner.token })).body.message).toBe('string');
    });
  });

  describe('users and roles', () => {
    it('finds people by any part of a Cyrillic name or email, in any case, and shows their enrolments', async () => {
      const found = await t.api('GET', '/api/admin/users?q=ГНАТ', { token: admin });
      expect(found.status).toBe(200);
      expect(found.body.users.map((u: { email: string }) => u.email)).toEqual([learner.person.email]);
      const byMail = await t.api('GET', `/api/admin/users?q=${encodeURIComponent(learner.person.email.slice(0, 8))}`, {
        token: admin,
      });
      expect(byMail.body.users.some((u: { _id: string }) => u._id === learner.user._id)).toBe(true);
      // LIKE's wildcards are taken literally.
      expect((await t.api('GET', '/api/admin/users?q=%25', { token: admin })).body.users).toEqual([]);
      const moderators = await t.api('GET', '/api/admin/users?role=moderator', { token: admin });
      expect(moderators.body.users.every((u: { role: string }) => u.role === 'moderator')).toBe(true);

      const detail = await t.api('GET', `/api/admin/users/${learner.user._id}`, { token: admin });
      expect(detail.status).toBe(200);
      // Registration enrolled them in the starter course only.
      expect(detail.body.enrollments.map((e: { title: string; wave: string }) => [e.title, e.wave])).toEqual([
        ['Альфа', '1'],
      ]);
      expect(
        (await t.api('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token: admin })).status,
      ).toBe(404);
    });

    it('changes a role at once, writes it to the audit log, and never removes the last admin', async () => {
      const person = await signUp(t);
      // Two-step sign-in on beforehand, as curators need it: the new role then acts at once.
      await enableTwoStep(t, person.token, person.person);
      const made = await t.api('PATCH', `/api/admin/users/${person.user._id}/role`, {
        token: admin,
        body: { role: 'moderator' },
      });
      expect(made.status).toBe(200);
      expect(made.body.role).toBe('moderator');
      // The very next call of the same session is a curator's.
      expect((await t.api('GET', '/api/admin/courses', { token: person.token })).status).toBe(200);
      expect((await t.api('PATCH', '/api/admin/users/x/role', { token: admin, body: { role: 'boss' } })).status).toBe(
        400,
      );

      const audit = await t.api('GET', '/api/admin/audit?action=user.role', { token: admin });
      const entry = audit.body.entries[0];
      expect(entry.summary).toContain(person.person.email);
      expect(entry.summary).toContain('учень → куратор');
      expect(entry.actor._id).toBeTruthy();
      expect(entry.target).toBe(`user:${person.user._id}`);
    });

    it('lets exactly one of two admins take the other one’s role when they are the last two', async () => {
      const solo = await startTestApp();
      try {
        const [first, second] = await Promise.all([staff(solo, 'admin'), staff(solo, 'admin')]);
        const ids = await Promise.all(
          [first, second].map(async (token) => (await solo.api('GET', '/api/auth/current', { token })).body._id),
        );
        const answers = await Promise.all([
          solo.api('PATCH', `/api/admin/users/${ids[1]}/role`, { token: first, body: { role: 'user' } }),
          solo.api('PATCH', `/api/admin/users/${ids[0]}/role`, { token: second, body: { role: 'user' } }),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
        const admins = await solo.app.services.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .execute();
        expect(admins).toHaveLength(1);
        const survivor = admins[0]?.id;
        const token = survivor === ids[0] ? first : second;
        const self = await solo.api('PATCH', `/api/admin/users/${survivor}/role`, { token, body: { role: 'user' } });
        expect(self.status).toBe(409);
        expect(self.body.message).toBe('Не можна зняти роль з останнього адміністратора');
      } finally {
        await solo.close();
      }
    });
  });

  describe('courses and lessons', () => {
    let courseId: string;

    it('creates a course with its first wave; a second one with the same code is refused', async () => {
      const body = {
        title: 'Мова медіа',
        slug: 'mova-media',
        description: 'Курс про медіа',
        waveLabel: '1',
        waveStart: t.clock.now() - DAY,
      };
      const made = await t.api('POST', '/api/admin/courses', { token: admin, body });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ title: 'Мова медіа', currentWave: '1', lessonCount: 0, canAuthor: true });
      courseId = made.body._id;
      const again = await t.api('POST', '/api/admin/courses', { token: admin, body });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Курс із таким кодом уже існує');
      const bad = await t.api('POST', '/api/admin/courses', { token: admin, body: { ...body, slug: 'Мова' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Код курсу/);

      const renamed = await t.api('PATCH', `/api/admin/courses/${courseId}`, {
        token: admin,
        body: { title: 'Мова медіа і новин', description: '', starter: false, position: 3 },
      });
      expect(renamed.body).toMatchObject({ title: 'Мова медіа і новин', position: 3 });
      const list = await t.api('GET', '/api/admin/courses', { token: moderator });
      expect(list.body.canAuthor).toBe(false);
      expect(list.body.courses.map((c: { _id: string }) => c._id)).toContain(courseId);
    });

    it('refuses instants past 2100, which no date can show (found by the fuzz)', async () => {
      const far = Number.MAX_SAFE_INTEGER;
      const moved = await t.api('PATCH', `/api/admin/courses/${courseId}`, {
        token: admin,
        body: { title: 'Мова медіа і новин', currentStart: far },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.message).toBe('Дата: не пізніше 2100 року');
      expect((await t.api('GET', `/api/admin/courses/${courseId}`, { token: admin })).status).toBe(200);
      const created = await t.api('POST', '/api/admin/courses', {
        token: admin,
        body: { title: 'Далеке майбутнє', slug: 'far-future', waveLabel: '1', waveStart: far },
      });
      expect(created.body).toMatchObject({ message: 'Дата: не пізніше 2100 року' });
      const olympiad = { title: 'Олімпіада', startsAt: far - DAY, endsAt: far, durationMin: 20, taskCount: 3 };
      const scheduled = await t.api('POST', '/api/admin/olympiads', { token: admin, body: olympiad });
      expect(scheduled.body).toMatchObject({ message: 'Початок: не пізніше 2100 року' });
      const club = { title: 'Клуб', host: 'Ірина', city: 'Львів', place: 'Бібліотека', startsAt: far, capacity: 5 };
      const announced = await t.api('POST', '/api/admin/clubs', { token: admin, body: club });
      expect(announced.body).toMatchObject({ message: 'Початок: не пізніше 2100 року' });
    });

    it('writes lessons in Markdown: learners get sanitized HTML, the editor gets its Markdown back', async () => {
      const first = await t.api('POST', `/api/admin/courses/${courseId}/lessons`, {
        token: admin,
        body: { theme: 'Заголовки' },
      });
      expect(first.status).toBe(201);
      expect(first.body.day).toBe(1);
      const second = await t.api('POST', `/api/admin/courses/${courseId}/lessons`, {
        token: admin,
        body: { theme: 'Новини' },
      });
      expect(second.body.day).toBe(2);

      const content =
        '## Як писати заголовки\n\n**Коротко** і ясно.\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>';
      const saved = await t.api('PUT', `/api/admin/courses/${courseId}/lessons/1`, {
        token: admin,
        body: {
          theme: 'Заголовки',
          content,
          theory: 'Теорія *тут*',
          practice: 'Напишіть заголовок',
          audio: ['https://example.org/a.mp3'],
          video: [{ title: 'Відео', url: 'https://example.org/v' }],
          test: [{ question: 'Що важливо?', options: ['Ясність', 'Довжина'], answer: 0, explanation: '' }],
          diary: 'Що ви прочитали сьогодні?',
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.content).toBe(content);
      const wrongAnswer = await t.api('PUT', `/api/admin/courses/${courseId}/lessons/1`, {
        token: admin,
        body: { theme: 'Заголовки', test: [{ question: 'Що?', options: ['а', 'б'], answer: 5 }] },
      });
      expect(wrongAnswer.status).toBe(400);
      expect(wrongAnswer.body.message).toMatch(/правильний варіант/);
      const emptyOption = await t.api('PUT', `/api/admin/courses/${courseId}/lessons/1`, {
        token: admin,
        body: {
          theme: 'Заголовки',
          test: [
            { question: 'Так?', options: ['так', 'ні'], answer: 0 },
            { question: 'Що?', options: ['а', ' '], answer: 0 },
          ],
        },
      });
      expect(emptyOption.body.message).toBe('Варіант: не може бути порожнім (питання 2, варіант 2)');
      expect(
        (await t.api('PUT', `/api/admin/courses/${courseId}/lessons/9`, { token: admin, body: { theme: 'x' } })).status,
      ).toBe(404);

      // A learner joins and reads lesson 1.
      expect((await t.api('POST', `/api/courses/${courseId}/enroll`, { token: learner.token })).status).toBe(200);
      const course = await t.api('GET', `/api/courses/${courseId}`, { token: learner.token });
      expect(course.body.lessons[0]).toMatchObject({
        theme: 'Заголовки',
        isOpen: true,
        diary: 'Що ви прочитали сьогодні?',
      });
      const html = await t.api('GET', `/api/courses/${courseId}/lessons/1/content`, { token: learner.token });
      expect(html.status).toBe(200);
      expect(html.body).toContain('<h2>Як писати заголовки</h2>');
      expect(html.body).toContain('<strong>Коротко</strong>');
      expect(html.body.toLowerCase()).not.toMatch(/onerror|<script/);

      const preview = await t.api('POST', '/api/admin/preview', { token: admin, body: { markdown: content } });
      expect(preview.body.html).toBe(html.body);
      // The page's h1 is the lesson's theme: an author's top heading becomes an h2, not bare text.
      const top = await t.api('POST', '/api/admin/preview', { token: admin, body: { markdown: '# Вступ\n\n## Далі' } });
      expect(top.body.html).toBe('<h2>Вступ</h2>\n<h2>Далі</h2>');
    });

    it('keeps uploaded images and audio whole under the course, checked by content', async () => {
      const upload = await t.form('POST', `/api/admin/courses/${courseId}/media`, {
        token: admin,
        fields: {},
        file: { bytes: PNG, name: 'Обкладинка уроку.png', type: 'image/png' },
      });
      expect(upload.status).toBe(201);
      expect(upload.body.url).toMatch(/^\/media\/mova-media\/media-[0-9a-f]{8}\.png$/);
      const served = await fetch(t.url + upload.body.url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);

      const text = await t.form('POST', `/api/admin/courses/${courseId}/media`, {
        token: admin,
        fields: {},
        file: { bytes: new TextEncoder().encode('<script>alert(1)</script>'), name: 'a.png', type: 'image/png' },
      });
      expect(text.status).toBe(415);
      const tooBig = await t.form('POST', `/api/admin/courses/${courseId}/media`, {
        token: admin,
        fields: {},
        file: { bytes: new Uint8Array(50 * 1024 * 1024 + 1), name: 'big.mp3', type: 'audio/mpeg' },
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toMatch(/50 МБ/);
      const none = await t.form('POST', `/api/admin/courses/${courseId}/media`, { token: admin, fields: {} });
      expect(none.status).toBe(400);
    });

    it('reorders lessons with the homework and diary learners already wrote for them', async () => {
      const { alpha } = courses;
      const homework = await t.form('POST', '/api/exercises', {
        token: learner.token,
        fields: { courseId: alpha, lessonId: '1', homework: 'Моя робота до першого уроку' },
      });
      expect(homework.status).toBe(201);
      const before = await t.api('GET', `/api/admin/courses/${alpha}`, { token: admin });
      const themes = before.body.lessons.map((l: { theme: string }) => l.theme);

      const bad = await t.api('PUT', `/api/admin/courses/${alpha}/lessons/order`, {
        token: admin,
        body: { days: [1, 1, 2] },
      });
      expect(bad.status).toBe(400);
      const moved = await t.api('PUT', `/api/admin/courses/${alpha}/lessons/order`, {
        token: admin,
        body: { days: [2, 3, 1] },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.lessons.map((l: { theme: string }) => l.theme)).toEqual([themes[1], themes[2], themes[0]]);
      const work = await t.app.services.db
        .selectFrom('exercises')
        .select('day')
        .where('id', '=', homework.body._id)
        .executeTakeFirstOrThrow();
      expect(work.day).toBe(3);

      // The lesson with homework cannot go; one without can, and the later ones move up.
      const refused = await t.api('DELETE', `/api/admin/courses/${alpha}/lessons/3`, { token: admin });
      expect(refused.status).toBe(409);
      const removed = await t.api('DELETE', `/api/admin/courses/${alpha}/lessons/1`, { token: admin });
      expect(removed.status).toBe(200);
      expect(removed.body.lessons.map((l: { day: number; theme: string }) => [l.day, l.theme])).toEqual([
        [1, themes[2]],
        [2, themes[0]],
      ]);
      const after = await t.app.services.db
        .selectFrom('exercises')
        .select('day')
        .where('id', '=', homework.body._id)
        .executeTakeFirstOrThrow();
      expect(after.day).toBe(2);
    });

    it('exports a course as a zip in the content format that imports back the same', async () => {
      const zip = await fetch(`${t.url}/api/admin/courses/${courseId}/export`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const names = Object.keys(files).sort();
      expect(names).toEqual(expect.arrayContaining(['mova-media/01.md', 'mova-media/02.md', 'mova-media/course.json']));
      expect(names.some((n) => n.startsWith('mova-media/media/media-'))).toBe(true);

      const folder = path.join(t.dataDir, 'unzipped');
      for (const [name, bytes] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await writeFile(path.join(folder, name), bytes);
      }
      const other = await startTestApp();
      try {
        expect(await runContent(['import', folder], loadConfig(other.env))).toContain('mova-media');
        const read = (app: TestApp) =>
          app.app.services.db
            .selectFrom('lessons')
            .innerJoin('courses', 'courses.id', 'lessons.course_id')
            .select(['day', 'theme', 'content_html', 'content_md', 'theory_md', 'test', 'audio', 'diary_prompt'])
            .where('courses.slug', '=', 'mova-media')
            .orderBy('day')
            .execute();
        expect(await read(other)).toEqual(await read(t));
      } finally {
        await other.close();
      }
    });
  });

  describe('game tasks, olympiads, clubs', () => {
    const quiz = {
      id: 'admin-quiz-1',
      type: 'quiz',
      level: 2,
      topic: 'vocabulary',
      prompt: 'Як сказати «утюг»?',
      explanation: 'Праска.',
      options: ['праска', 'утюг'],
      answers: [0],
    };

    it('adds, checks and switches off game tasks', async () => {
      const made = await t.api('POST', '/api/admin/game/tasks', { token: admin, body: { task: quiz } });
      expect(made.status).toBe(201);
      expect((await t.api('POST', '/api/admin/game/tasks', { token: admin, body: { task: quiz } })).status).toBe(409);
      const wrong = await t.api('POST', '/api/admin/game/tasks', {
        token: admin,
        body: { task: { ...quiz, id: 'admin-quiz-2', answers: [7] } },
      });
      expect(wrong.status).toBe(400);
      expect((await t.api('PUT', '/api/admin/game/tasks/other', { token: admin, body: { task: quiz } })).status).toBe(
        400,
      );
      const off = await t.api('PUT', `/api/admin/game/tasks/${quiz.id}`, {
        token: admin,
        body: { task: { ...quiz, prompt: 'Як сказати «утюг» українською?' }, active: false },
      });
      expect(off.body).toMatchObject({ active: false, task: { prompt: 'Як сказати «утюг» українською?' } });
      const found = await t.api('GET', '/api/admin/game/tasks?q=УТЮГ&level=2', { token: admin });
      expect(found.body.tasks.map((x: { task: { id: string } }) => x.task.id)).toEqual([quiz.id]);
      const row = await t.app.services.db
        .selectFrom('game_tasks')
        .select('active')
        .where('id', '=', quiz.id)
        .executeTakeFirstOrThrow();
      expect(row.active).toBe(0);
    });

    it('names every wrong field of an olympiad at once, with the task limit (issue 18, items 3 and 13)', async () => {
      const startsAt = t.clock.now() + DAY;
      const count = async () => (await t.api('GET', '/api/admin/olympiads', { token: admin })).body.olympiads.length;
      const before = await count();
      const answer = await t.api('POST', '/api/admin/olympiads', {
        token: admin,
        body: { title: '', startsAt, endsAt: startsAt + DAY, durationMin: 20, taskCount: 500 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'Назва: обовʼязкове поле',
        fields: { title: 'Назва: обовʼязкове поле', taskCount: 'Кількість завдань: від 3 до 30' },
      });
      expect(await count()).toBe(before);
    });

    it('schedules, changes and removes an olympiad only before it starts', async () => {
      const startsAt = t.clock.now() + DAY;
      const body = { title: 'Осіння', startsAt, endsAt: startsAt + DAY, durationMin: 20, taskCount: 3 };
      const made = await t.api('POST', '/api/admin/olympiads', { token: admin, body });
      expect(made.status).toBe(201);
      const changed = await t.api('PUT', `/api/admin/olympiads/${made.body._id}`, {
        token: admin,
        body: { ...body, title: 'Осіння олімпіада', taskCount: 4 },
      });
      expect(changed.body).toMatchObject({ title: 'Осіння олімпіада', taskCount: 4, participants: 0 });
      const list = await t.api('GET', '/api/admin/olympiads', { token: admin });
      expect(list.body.olympiads[0]._id).toBe(made.body._id);
      // Moving it into the past would let it run without ever being locked.
      const backdated = await t.api('PUT', `/api/admin/olympiads/${made.body._id}`, {
        token: admin,
        body: { ...body, startsAt: 1000, endsAt: 2000 },
      });
      expect(backdated.status).toBe(400);
      expect(
        (await t.api('POST', '/api/admin/olympiads', { token: admin, body: { ...body, startsAt: 1000 } })).status,
      ).toBe(400);

      t.clock.advance(DAY + 1);
      try {
        const late = await t.api('PUT', `/api/admin/olympiads/${made.body._id}`, { token: admin, body });
        expect(late.status).toBe(409);
        expect((await t.api('DELETE', `/api/admin/olympiads/${made.body._id}`, { token: admin })).status).toBe(409);
      } finally {
        t.clock.advance(-DAY - 1);
      }
      const next = await t.api('POST', '/api/admin/olympiads', { token: admin, body });
      expect((await t.api('DELETE', `/api/admin/olympiads/${next.body._id}`, { token: admin })).body._id).toBe(
        next.body._id,
      );
    });

    it('lists every club, past ones too; a new one must lie ahead', async () => {
      const club = {
        title: 'Розмовний клуб',
        host: 'Ірина',
        city: 'Львів',
        place: 'Бібліотека',
        startsAt: t.clock.now() + 60 * 60 * 1000,
        capacity: 5,
      };
      const past = await t.api('POST', '/api/admin/clubs', { token: admin, body: { ...club, startsAt: 1000 } });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe('Початок: має бути в майбутньому');
      const made = await t.api('POST', '/api/admin/clubs', { token: admin, body: club });
      expect(made.status).toBe(201);
      t.clock.advance(10 * DAY);
      try {
        const all = await t.api('GET', '/api/admin/clubs', { token: admin });
        expect(all.body.clubs.map((c: { _id: string }) => c._id)).toContain(made.body._id);
        const upcoming = await t.api('GET', '/api/clubs', { token: admin });
        expect(upcoming.body.clubs.map((c: { _id: string }) => c._id)).not.toContain(made.body._id);
      } finally {
        t.clock.advance(-10 * DAY);
      }
    });
  });

  describe('payments', () => {
    it('shows charges with payers, month totals, subscriptions and the callbacks nobody ordered', async () => {
      const donor = await signUp(t, { first_name: 'Олесь', last_name: 'Донор' });
      await donateAndPay(t, donor.token, 120);
      await donateAndPay(t, donor.token, 40);
      const orderId = await donateAndPay(t, learner.token, 80);
      await providerCallback(t, {
        action: 'pay',
        status: 'reversed',
        order_id: orderId,
        payment_id: `paid-${orderId}`,
        amount: 80,
        currency: 'UAH',
        end_date: t.clock.now(),
      });
      await providerCallback(t, {
        action: 'pay',
        status: 'success',
        order_id: 'nobody-ordered-this',
        payment_id: 'stray-1',
        amount: 999,
        currency: 'UAH',
        end_date: t.clock.now(),
      });

      const list = await t.api('GET', '/api/admin/payments?q=донор', { token: admin });
      expect(list.body.payments.map((p: { amount: number }) => p.amount).sort()).toEqual([120, 40]);
      expect(list.body.payments[0].user.email).toBe(donor.person.email);

      const months = await t.api('GET', '/api/admin/payments/months', { token: admin });
      expect(months.body.months).toHaveLength(12);
      expect(months.body.months[0]).toMatchObject({ count: 2, amount: 160, refunded: 80, donors: 1 });

      const unmatched = await t.api('GET', '/api/admin/callbacks', { token: admin });
      expect(unmatched.body.callbacks[0]).toMatchObject({ orderId: 'nobody-ordered-this', outcome: 'unknown_order' });
      expect(JSON.parse(unmatched.body.callbacks[0].data).amount).toBe(999);

      const subscriptions = await t.api('GET', '/api/admin/subscriptions?status=subscribed', { token: admin });
      expect(subscriptions.status).toBe(200);
      expect(subscriptions.body.subscriptions).toEqual([]);
    });

    it('exports payments as CSV in which a comment can never run as a formula', async () => {
      const donor = await signUp(t);
      const { body } = await t.api('POST', '/api/payments/donat', {
        token: donor.token,
        body: { amount: 40, subscribe: false, offerAccepted: true, comment: '=HYPERLINK("x")' },
      });
      await providerCallback(t, {
        action: 'pay',
        status: 'success',
        order_id: body.orderId,
        payment_id: 'csv-1',
        amount: 40,
        currency: 'UAH',
        end_date: t.clock.now(),
        info: '=HYPERLINK("x")',
      });
      const csv = await t.api('GET', '/api/admin/payments/export', { token: admin });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        '"Дата (Київ)";"ID внеску";"Замовлення";"Вид";"Сума (десяткова крапка)";"Валюта";"Платник";"Email";"Коментар";"Картка";"Повернено (Київ)"',
      );
      const row = lines.find((l) => l.includes('csv-1'));
      expect(row).toContain(';"40.00";"UAH";');
      expect(row).toContain(`;"'=HYPERLINK(""x"")";`);
    });

    it('exports payment dates on the Kyiv clock, so 01:00 Kyiv on the 1st is in that month (issue 18, item 7)', async () => {
      const donor = await signUp(t);
      const { body } = await t.api('POST', '/api/payments/donat', {
        token: donor.token,
        body: { amount: 80, subscribe: false, offerAccepted: true },
      });
      // 01:00 on 1 March in Kyiv is 23:00 UTC on 28 February.
      const paidAt = kyivTime(2026, 3, 1, 1, 0);
      await providerCallback(t, {
        action: 'pay',
        status: 'success',
        order_id: body.orderId,
        payment_id: 'csv-kyiv-1',
        amount: 80,
        currency: 'UAH',
        end_date: paidAt,
      });
      const march = kyivDateRange('2026-03-01');
      const csv = await t.api('GET', `/api/admin/payments/export?start=${march.start}&end=${march.end}`, {
        token: admin,
      });
      const row = (csv.body as string).split('\r\n').find((l) => l.includes('csv-kyiv-1'));
      expect(row?.startsWith('"2026-03-01 01:00:00";')).toBe(true);
      expect(row).toContain(';"80.00";"UAH";');
    });

    it('exports every cell safely whatever the database holds: quoted, one line per row, no formula at the start of any line', async () => {
      // Rows written straight into the database, past every validation, as an old row or a bug might leave them.
      const donor = await signUp(t);
      const { db } = t.app.services;
      await db
        .updateTable('users')
        .set({ first_name: '=1+1', last_name: 'x\n@SUM(A1)' })
        .where('id', '=', donor.user._id)
        .execute();
      const nasty = [
        'line\n=1+1',
        '\r@SUM(1+1)',
        '"=1+1',
        '\t=1+1',
        ' =1+1',
        'ok\r\n+1',
        'a\u2028-1',
        'b\u0085=1',
        '＝1+1',
        'x\u000b=1',
        'coma;"\n-1',
      ];
      const now = t.clock.now();
      for (const [i, info] of nasty.entries()) {
        const orderId = `csv-raw-${i}`;
        await db
          .insertInto('payment_orders')
          .values({
            ...pendingOrder({
              order_id: orderId,
              user_id: donor.user._id,
              subscribe: 0,
              amount_kop: 4000,
              info,
              created_at: now,
            }),
            status: 'paid',
          })
          .execute();
        await db
          .insertInto('payments')
          .values({
            id: `csv-raw-${i}`,
            payment_id: i === 0 ? '=HYPERLINK("x")' : `+csv-raw-${i}`,
            order_id: orderId,
            user_id: donor.user._id,
            action: i === 1 ? '@cmd\n=1' : 'pay',
            amount_kop: 4000,
            description: 'x',
            info,
            end_date: now,
            card_mask: '-2+3\r=1',
            created_at: now,
            reversed_at: null,
          })
          .execute();
      }
      const csv = await t.api('GET', '/api/admin/payments/export', { token: admin });
      expect(csv.status).toBe(200);
      const text = (csv.body as string).replace(/^\uFEFF/, '');
      // A spreadsheet that splits lines naively still sees every line start with a quoted cell.
      const lines = text.split(/\r\n|[\n\r\u0085\u2028\u2029]/);
      expect(lines.pop()).toBe('');
      for (const line of lines) expect(line.startsWith('"'), line).toBe(true);
      const records = parseCsv(text);
      expect(records.length).toBe(lines.length);
      const formula = /^[\s\u0085]*[=+\-@＝＋－＠]/u;
      for (const record of records) {
        expect(record).toHaveLength(11);
        for (const cell of record) {
          expect(cell, cell).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
          expect(cell, cell).not.toMatch(formula);
        }
      }
      // What was written is still there to read.
      const comments = records.filter((r) => r[1] === `'+csv-raw-2`).map((r) => r[8]);
      expect(comments).toEqual(['"=1+1']);
      expect(records.some((r) => r[8] === 'line =1+1' && r[6] === "'=1+1 x @SUM(A1)")).toBe(true);
    });
  });

  it('keeps an audit line for every change, newest first, for admins only', async () => {
    const log = await t.api('GET', '/api/admin/audit?limit=50', { token: admin });
    const actions = new Set(log.body.entries.map((e: { action: string }) => e.action));
    for (const action of [
      'user.role',
      'course.create',
      'course.update',
      'lesson.create',
      'lesson.update',
      'lesson.reorder',
      'lesson.delete',
      'media.upload',
      'task.create',
      'task.update',
      'olympiad.create',
      'olympiad.update',
      'olympiad.delete',
      'club.create',
    ]) {
      expect(actions, action).toContain(action);
    }
    const dates = log.body.entries.map((e: { date: number }) => e.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // A refused change leaves no line.
    const before = (await t.api('GET', '/api/admin/audit', { token: admin })).body.entries[0]._id;
    await t.api('POST', '/api/admin/courses', {
      token: admin,
      body: { title: 'Мова медіа', slug: 'mova-media', waveLabel: '1', waveStart: t.clock.now() },
    });
    expect((await t.api('GET', '/api/admin/audit', { token: admin })).body.entries[0]._id).toBe(before);
  });

  it('records curators scheduling lessons and announcing waves', async () => {
    const { beta } = courses;
    const when = t.clock.now() + 3 * DAY;
    // Lines of the same millisecond have no order between them; these two follow the others.
    t.clock.advance(1);
    expect(
      (
        await t.api('PATCH', '/api/courses/lesson/date', {
          token: moderator,
          body: { courseId: beta, lessonId: '1', scheduledDate: when },
        })
      ).status,
    ).toBe(200);
    t.clock.advance(1);
    expect(
      (
        await t.api('PATCH', '/api/courses/next', {
          token: moderator,
          body: { courseId: beta, nextWave: '2', nextStart: when },
        })
      ).status,
    ).toBe(200);
    const log = await t.api('GET', '/api/admin/audit?limit=5', { token: admin });
    expect(log.body.entries.slice(0, 2).map((e: { action: string }) => e.action)).toEqual([
      'course.next-wave',
      'lesson.schedule',
    ]);
    const overview = await t.api('GET', `/api/admin/courses/${beta}`, { token: moderator });
    expect(overview.body).toMatchObject({ nextWave: '2', nextStart: when, canAuthor: false });
    expect(overview.body.lessons[0].scheduledDate).toBe(when);
  });
});

/** RFC 4180 with `;`: quoted cells may hold anything; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}
