import { FILE_MESSAGES, HOMEWORK_MESSAGES, MAX_FILE_BYTES, RATING_UNDO_MS } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, signUp, staff } from './support/courses.js';
import { FAKE_PDF, PDF, PNG, SVG, storedFiles } from './support/files.js';

let t: TestApp;
let alpha: string;
let curatorToken: string;
let secondCurator: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  curatorToken = await curator(t);
  secondCurator = await curator(t);
});
afterAll(async () => {
  await t.close();
});

const mark = async (token: string) => (await t.api('GET', '/api/partners/indicators', { token })).body.ukrainianMark;
const submit = (token: string, homework = 'Моя відповідь', file?: { bytes: Uint8Array; name: string; type?: string }) =>
  t.form('POST', '/api/exercises', { token, fields: { courseId: alpha, lessonId: '1', homework }, file });
const count = async (token: string) =>
  (await t.api('GET', '/api/exercises/notifications', { token })).body.countNotifications as number;

/** Every stored file has its row and every row its file: nothing orphaned either way. */
async function expectNoOrphans() {
  const rows = await t.app.services.db.selectFrom('files').select('storage_key').execute();
  expect((await storedFiles(t.dataDir)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
}

describe('homework', () => {
  it('is handed in with a PDF, once; the file is served only through its signed link', async () => {
    const { token } = await signUp(t);
    const created = await submit(token, 'Три речення українською.', {
      bytes: PDF,
      name: 'відповідь.pdf',
      type: 'application/pdf',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      courseId: alpha,
      lessonId: '1',
      homework: 'Три речення українською.',
      status: 'active',
      rating: null,
      comments: [],
      fileType: 'application/pdf',
      fileName: 'відповідь.pdf',
    });
    const file = await fetch(t.url + created.body.fileURL);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toContain('inline; filename=');
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('відповідь.pdf'));
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);

    const again = await submit(token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HOMEWORK_MESSAGES.exists);
    expect((await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token })).body._id).toBe(
      created.body._id,
    );
    await expectNoOrphans();
  });

  it('refuses forged, altered and expired file links', async () => {
    const { token } = await signUp(t);
    const { body } = await submit(token, 'x', { bytes: PNG, name: 'a.png' });
    const url = new URL(t.url + body.fileURL);
    const forged = new URL(url);
    forged.searchParams.set('s', 'A'.repeat(43));
    expect((await fetch(forged)).status).toBe(403);
    const later = new URL(url);
    later.searchParams.set('e', String(Number(url.searchParams.get('e')) + 86_400_000));
    expect((await fetch(later)).status).toBe(403);
    const other = new URL(url);
    other.pathname = '/api/files/00000000-0000-4000-8000-000000000001';
    expect((await fetch(other)).status).toBe(403);
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as { message: string }).message).toBe(FILE_MESSAGES.linkExpired);
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
  });

  it('checks size before keeping anything: 10 MiB passes, one byte more is 413', async () => {
    const { token } = await signUp(t);
    const before = await storedFiles(t.dataDir);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES + 1 - PNG.length)]);
    const refused = await submit(token, 'x', { bytes: tooBig, name: 'big.png', type: 'image/png' });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(FILE_MESSAGES.fileTooLarge);
    expect((await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
    expect(await storedFiles(t.dataDir)).toEqual(before);
    const justRight = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES - PNG.length)]);
    const accepted = await submit(token, 'x', { bytes: justRight, name: 'big.png', type: 'image/png' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.fileType).toBe('image/png');
  });

  it.each([
    ['HTML named .pdf', FAKE_PDF, 'homework.pdf', 'application/pdf'],
    ['SVG with a script', SVG, 'picture.svg', 'image/svg+xml'],
    ['a program', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'setup.docx', 'application/msword'],
    ['empty-looking text', new TextEncoder().encode('just text'), 'notes.txt', 'text/plain'],
  ])('judges type by content: %s is refused with 415 and nothing kept', async (_label, bytes, name, type) => {
    const { token } = await signUp(t);
    const before = await storedFiles(t.dataDir);
    const refused = await submit(token, 'x', { bytes, name, type });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(FILE_MESSAGES.fileType);
    expect((await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
    expect(await storedFiles(t.dataDir)).toEqual(before);
  });

  it('keeps the type it found, whatever the upload claimed', async () => {
    const { token } = await signUp(t);
    const created = await submit(token, 'x', { bytes: PNG, name: 'photo.pdf', type: 'application/pdf' });
    expect(created.body.fileType).toBe('image/png');
    const file = await fetch(t.url + created.body.fileURL);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('validates the text fields with messages naming them', async () => {
    const { token } = await signUp(t);
    const long = await t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '1', homework: 'я'.repeat(30_001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Домашнє завдання');
    const missing = await t.form('POST', '/api/exercises', { token, fields: { courseId: alpha, lessonId: '1' } });
    expect(missing.status).toBe(400);
    const text = await t.api('POST', '/api/exercises', {
      token,
      raw: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const closed = await t.form('POST', '/api/exercises', {
      token,
      fields: { courseId: alpha, lessonId: '2', homework: 'x' },
    });
    expect(closed.status).toBe(403);
  });

  it('answers a malformed form 400 {message}, not 500 (found by the fuzz)', async () => {
    const { token } = await signUp(t);
    for (const [contentType, body] of [
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="homework"\r\n\r\ncut short',
      ],
    ]) {
      const answer = await fetch(`${t.url}/api/exercises`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType as string },
        body,
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: 'Форму надіслано з помилкою: надішліть її ще раз' });
    }
  });

  it('needs an answer: text or a file, for homework and comments alike', async () => {
    const { token } = await signUp(t);
    const blank = await submit(token, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(HOMEWORK_MESSAGES.emptyHomework);
    const fileOnly = await submit(token, '', { bytes: PDF, name: 'a.pdf' });
    expect(fileOnly.status).toBe(201);
    const emptyComment = await t.form('POST', '/api/exercises/comment', {
      token,
      fields: { exerciseId: fileOnly.body._id, comment: ' ' },
    });
    expect(emptyComment.status).toBe(400);
    expect(emptyComment.body.message).toBe(HOMEWORK_MESSAGES.emptyComment);
    const picture = await t.form('POST', '/api/exercises/comment', {
      token,
      fields: { exerciseId: fileOnly.body._id, comment: '' },
      file: { bytes: PNG, name: 'фото.png' },
    });
    expect(picture.status).toBe(201);
  });

  it('takes text-only homework and comments as JSON too, with the same checks and messages', async () => {
    const { token } = await signUp(t);
    const created = await t.api('POST', '/api/exercises', {
      token,
      body: { courseId: alpha, lessonId: '1', homework: 'Відповідь у JSON' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ homework: 'Відповідь у JSON', fileURL: '' });
    const id = created.body._id;
    const edited = await t.api('PATCH', '/api/exercises', { token, body: { exerciseId: id, homework: 'друга' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ homework: 'друга', status: 'active' });

    const comment = await t.api('POST', '/api/exercises/comment', {
      token: curatorToken,
      body: { exerciseId: id, comment: 'Добре' },
    });
    expect(comment.status).toBe(201);
    const own = await t.api('POST', '/api/exercises/comment', { token, body: { exerciseId: id, comment: 'Дякую' } });
    const changed = await t.api('PATCH', '/api/exercises/comment', {
      token,
      body: { exerciseId: id, commentId: own.body._id, comment: 'Щиро дякую' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.comment).toBe('Щиро дякую');

    // Wrong input: the same 400 and message as the multipart form, and nothing changes.
    for (const [route, fields] of [
      ['/api/exercises/comment', { exerciseId: id, comment: ' ' }],
      ['/api/exercises/comment', { exerciseId: id, comment: 'a\u0000b' }],
    ] as const) {
      const json = await t.api('POST', route, { token, body: fields });
      const form = await t.form('POST', route, { token, fields: { exerciseId: id, comment: String(fields.comment) } });
      expect(json.status).toBe(400);
      expect(json.body).toEqual(form.body);
    }
    const number = await t.api('POST', '/api/exercises/comment', { token, body: { exerciseId: id, comment: 5 } });
    expect(number).toMatchObject({ status: 400, body: { message: 'Коментар: має бути текстом' } });
    // JSON that is not an object of fields is no form.
    for (const body of [[], 'текст', null]) {
      const odd = await t.api('POST', '/api/exercises/comment', {
        token,
        raw: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(odd.status).toBe(415);
    }
    const after = await t.api('GET', `/api/exercises/${id}`, { token });
    expect(after.body.comments.map((c: { comment: string }) => c.comment).sort()).toEqual(['Добре', 'Щиро дякую']);
  });

  it('edits keep the old file unless a new one comes; a replaced file is deleted', async () => {
    const { token } = await signUp(t);
    const { body } = await submit(token, 'перша', { bytes: PDF, name: 'a.pdf' });
    const textOnly = await t.form('PATCH', '/api/exercises', {
      token,
      fields: { exerciseId: body._id, homework: 'друга' },
    });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body).toMatchObject({ homework: 'друга', fileName: 'a.pdf', status: 'active' });
    const replaced = await t.form('PATCH', '/api/exercises', {
      token,
      fields: { exerciseId: body._id, homework: 'третя' },
      file: { bytes: PNG, name: 'b.png' },
    });
    expect(replaced.body).toMatchObject({ homework: 'третя', fileName: 'b.png', fileType: 'image/png' });
    expect((await fetch(t.url + body.fileURL)).status).toBe(404);
    const removed = await t.api('PATCH', '/api/exercises/file', { token, body: { exerciseId: body._id } });
    expect(removed.body).toMatchObject({ fileURL: '', fileName: '', fileType: '' });
    await expectNoOrphans();
  });
});

describe('policies', () => {
  it('no learner ever reaches another learner’s work: every call answers 404', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const { body: exercise } = await submit(owner.token, 'секрет', { bytes: PDF, name: 'a.pdf' });
    const comment = await t.form('POST', '/api/exercises/comment', {
      token: curatorToken,
      fields: { exerciseId: exercise._id, comment: 'Добре' },
    });
    const id = exercise._id;
    const token = stranger.token;
    const attempts = [
      t.api('GET', `/api/exercises/${id}`, { token }),
      t.form('PATCH', '/api/exercises', { token, fields: { exerciseId: id, homework: 'моє' } }),
      t.api('PATCH', '/api/exercises/homework', { token, body: { exerciseId: id } }),
      t.api('PATCH', '/api/exercises/file', { token, body: { exerciseId: id } }),
      t.form('POST', '/api/exercises/comment', { token, fields: { exerciseId: id, comment: 'привіт' } }),
      t.form('PATCH', '/api/exercises/comment', {
        token,
        fields: { exerciseId: id, commentId: comment.body._id, comment: 'x' },
      }),
      t.api('DELETE', `/api/exercises/comment?exerciseId=${id}&commentId=${comment.body._id}`, { token }),
      t.api('PATCH', `/api/exercises/status?exerciseId=${id}`, { token }),
      t.api('PATCH', '/api/exercises/rating', { token, body: { exerciseId: id, rating: 12 } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect([404, 403]).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toContain('секрет');
      expect(JSON.stringify(answer.body)).not.toContain('/api/files/');
    }
    expect((await t.api('GET', `/api/exercises/${id}`, { token })).status).toBe(404);
    expect((await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token })).body).toBeNull();
    const untouched = await t.api('GET', `/api/exercises/${id}`, { token: owner.token });
    expect(untouched.body).toMatchObject({ homework: 'секрет', rating: null, fileName: 'a.pdf' });
    expect(untouched.body.comments).toHaveLength(1);
  });

  it('lets learners edit and delete only their own comments; curators delete any', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    const fromCurator = await t.form('POST', '/api/exercises/comment', {
      token: curatorToken,
      fields: { exerciseId: exercise._id, comment: 'Зауваження' },
    });
    const fromLearner = await t.form('POST', '/api/exercises/comment', {
      token: learner.token,
      fields: { exerciseId: exercise._id, comment: 'Дякую' },
    });
    const edit = (token: string, commentId: string) =>
      t.form('PATCH', '/api/exercises/comment', {
        token,
        fields: { exerciseId: exercise._id, commentId, comment: 'змінено' },
      });
    expect((await edit(learner.token, fromCurator.body._id)).status).toBe(403);
    expect((await edit(curatorToken, fromLearner.body._id)).status).toBe(403);
    expect(
      (
        await t.api('DELETE', `/api/exercises/comment?exerciseId=${exercise._id}&commentId=${fromCurator.body._id}`, {
          token: learner.token,
        })
      ).status,
    ).toBe(403);
    const edited = await edit(learner.token, fromLearner.body._id);
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toBe('змінено');
    const removed = await t.api(
      'DELETE',
      `/api/exercises/comment?exerciseId=${exercise._id}&commentId=${fromLearner.body._id}`,
      {
        token: curatorToken,
      },
    );
    expect(removed.body).toEqual({ commentId: fromLearner.body._id });
    const after = await t.api('GET', `/api/exercises/${exercise._id}`, { token: learner.token });
    expect(after.body.comments.map((c: { comment: string }) => c.comment)).toEqual(['Зауваження']);
  });

  it('only curators rate, and never their own homework', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    expect(
      (
        await t.api('PATCH', '/api/exercises/rating', {
          token: learner.token,
          body: { exerciseId: exercise._id, rating: 12 },
        })
      ).status,
    ).toBe(403);
    for (const rating of [0, 13, 7.5, '10']) {
      const bad = await t.api('PATCH', '/api/exercises/rating', {
        token: curatorToken,
        body: { exerciseId: exercise._id, rating },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Оцінка');
    }
    expect(await mark(learner.token)).toBe(10);
  });
});

describe('moderation in the audit log', () => {
  const audit = async (action: string, target: string) => {
    const log = await t.api('GET', `/api/admin/audit?action=${action}&limit=50`, { token: await staff(t, 'admin') });
    expect(log.status).toBe(200);
    return log.body.entries.filter((e: { target: string }) => e.target === target);
  };
  const currentId = async (token: string) => (await t.api('GET', '/api/auth/current', { token })).body._id;

  it('records a curator deleting a learner’s comment; authors deleting their own leave no line', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    const comment = (token: string, text: string) =>
      t.form('POST', '/api/exercises/comment', { token, fields: { exerciseId: exercise._id, comment: text } });
    const remove = (token: string, commentId: string) =>
      t.api('DELETE', `/api/exercises/comment?exerciseId=${exercise._id}&commentId=${commentId}`, { token });
    const own = (await comment(learner.token, 'Моє')).body._id;
    const curatorsOwn = (await comment(curatorToken, 'Кураторське')).body._id;
    const moderated = (await comment(learner.token, 'Образливе')).body._id;
    expect((await remove(learner.token, own)).status).toBe(200);
    expect((await remove(curatorToken, curatorsOwn)).status).toBe(200);
    expect((await remove(curatorToken, moderated)).status).toBe(200);

    expect(await audit('comment.delete', `comment:${own}`)).toEqual([]);
    expect(await audit('comment.delete', `comment:${curatorsOwn}`)).toEqual([]);
    const [line] = await audit('comment.delete', `comment:${moderated}`);
    expect(line.actor._id).toBe(await currentId(curatorToken));
    expect(line.summary).toContain(`${learner.person.first_name} ${learner.person.last_name}`);
    expect(line.summary).toContain('«Альфа», урок 1');
    expect(line.summary).toContain('Образливе');
  });

  it('records every rating a curator gives, with the learner, course and lesson', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    for (const rating of [8, 11]) {
      // Lines of the same millisecond have no order between them.
      t.clock.advance(1);
      const rated = await t.api('PATCH', '/api/exercises/rating', {
        token: curatorToken,
        body: { exerciseId: exercise._id, rating },
      });
      expect(rated.status).toBe(200);
    }
    const lines = await audit('homework.rate', `exercise:${exercise._id}`);
    expect(lines).toHaveLength(2);
    expect(lines[0].actor._id).toBe(await currentId(curatorToken));
    expect(lines[0].summary).toContain(`${learner.person.first_name} ${learner.person.last_name}`);
    expect(lines[0].summary).toContain('«Альфа», урок 1');
    expect(lines[0].summary).toContain('8 → 11');
    expect(lines[1].summary).toContain('— → 8');
  });
});

describe('review flow', () => {
  it('moves status and unread state as the learner and curator take turns', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    const waiting = await t.api('GET', '/api/exercises/notifications', { token: curatorToken });
    expect(waiting.body.notifications).toContainEqual(
      expect.objectContaining({
        exerciseId: exercise._id,
        courseTitle: 'Альфа',
        lessonId: '1',
        from: expect.objectContaining({ _id: learner.user._id }),
      }),
    );
    expect(await count(learner.token)).toBe(0);

    const reply = await t.form('POST', '/api/exercises/comment', {
      token: curatorToken,
      fields: { exerciseId: exercise._id, comment: 'Гарно! Ось приклад.' },
      file: { bytes: PNG, name: 'приклад.png' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ comment: 'Гарно! Ось приклад.', isRead: false, fileType: 'image/png' });
    expect((await t.api('GET', `/api/exercises/${exercise._id}`, { token: learner.token })).body.status).toBe(
      'inactive',
    );
    const learnerNotes = await t.api('GET', '/api/exercises/notifications', { token: learner.token });
    expect(learnerNotes.body.countNotifications).toBe(1);
    expect(learnerNotes.body.notifications[0]).toMatchObject({
      exerciseId: exercise._id,
      from: { first_name: 'Марʼяна' },
    });
    expect(
      (await t.api('GET', '/api/exercises/notifications', { token: curatorToken })).body.notifications.map(
        (n: { exerciseId: string }) => n.exerciseId,
      ),
    ).not.toContain(exercise._id);

    const opened = await t.api('PATCH', `/api/exercises/status?exerciseId=${exercise._id}`, { token: learner.token });
    expect(opened.body).toEqual({ exerciseId: exercise._id, countNotifications: 0 });
    const read = await t.api('GET', `/api/exercises/${exercise._id}`, { token: learner.token });
    expect(read.body.comments[0].isRead).toBe(true);

    await t.form('POST', '/api/exercises/comment', {
      token: learner.token,
      fields: { exerciseId: exercise._id, comment: 'Виправила' },
    });
    expect((await t.api('GET', `/api/exercises/${exercise._id}`, { token: curatorToken })).body).toMatchObject({
      status: 'active',
      owner: { _id: learner.user._id },
      courseTitle: 'Альфа',
    });
    await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: exercise._id, rating: 11 },
    });
    expect((await t.api('GET', `/api/exercises/${exercise._id}`, { token: learner.token })).body).toMatchObject({
      status: 'inactive',
      rating: 11,
    });
  });

  it('pages notifications, newest first, limit capped at 50', async () => {
    const people = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    for (const person of people) await submit(person.token);
    const first = await t.api('GET', '/api/exercises/notifications?page=1&limit=2', { token: curatorToken });
    const second = await t.api('GET', '/api/exercises/notifications?page=2&limit=2', { token: curatorToken });
    expect(first.body.notifications).toHaveLength(2);
    const dates = [...first.body.notifications, ...second.body.notifications].map((n: { date: number }) => n.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const huge = await t.api('GET', '/api/exercises/notifications?limit=500&page=abc', { token: curatorToken });
    expect(huge.status).toBe(200);
    expect(huge.body.notifications.length).toBeLessThanOrEqual(50);
  });
});

describe('ratings in the footprint', () => {
  it('adds the rating, then the difference of a change, and takes it back when the homework is deleted', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token, 'відповідь', { bytes: PDF, name: 'a.pdf' });
    await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: exercise._id, rating: 10 },
    });
    expect(await mark(learner.token)).toBe(20);
    await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: exercise._id, rating: 7 },
    });
    expect(await mark(learner.token)).toBe(17);
    await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: exercise._id, rating: 7 },
    });
    expect(await mark(learner.token)).toBe(17);
    const cleared = await t.api('PATCH', '/api/exercises/homework', {
      token: learner.token,
      body: { exerciseId: exercise._id },
    });
    expect(cleared.body).toMatchObject({ homework: '', rating: null, status: 'inactive', fileURL: '' });
    expect(await mark(learner.token)).toBe(10);
    const emptied = await t.api('PATCH', '/api/exercises/rating', {
      token: curatorToken,
      body: { exerciseId: exercise._id, rating: 12 },
    });
    expect(emptied.status).toBe(409);
    expect(emptied.body.message).toBe(HOMEWORK_MESSAGES.nothingToRate);
    expect(await mark(learner.token)).toBe(10);
    await expectNoOrphans();
  });

  it('loses no update when curators change a rating at the same moment', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    const ratings = [3, 12, 5, 9, 1, 8, 12, 4];
    const answers = await Promise.all(
      ratings.map((rating, i) =>
        t.api('PATCH', '/api/exercises/rating', {
          token: i % 2 ? secondCurator : curatorToken,
          body: { exerciseId: exercise._id, rating },
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const final = (await t.api('GET', `/api/exercises/${exercise._id}`, { token: learner.token })).body.rating;
    expect(ratings).toContain(final);
    expect(await mark(learner.token)).toBe(10 + final);
    const rows = await t.app.services.db
      .selectFrom('mark_entries')
      .select(['points'])
      .where('user_id', '=', learner.user._id)
      .where('source_key', 'like', 'rating:%')
      .execute();
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBe(final);
  });
});

describe('withdrawing a rating', () => {
  const rate = (token: string, exerciseId: string, rating: number) =>
    t.api('PATCH', '/api/exercises/rating', { token, body: { exerciseId, rating } });
  const undo = (token: string, exerciseId: string) =>
    t.api('DELETE', `/api/exercises/rating?exerciseId=${exerciseId}`, { token });
  const stored = (exerciseId: string) =>
    t.app.services.db
      .selectFrom('exercises')
      .select(['rating', 'status', 'updated_at'])
      .where('id', '=', exerciseId)
      .executeTakeFirstOrThrow();

  it('by its curator within the window puts the homework, the footprint and the waiting list back as they were', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    const before = await stored(exercise._id);
    const footprint = await mark(learner.token);
    t.clock.advance(1_000);
    expect((await rate(curatorToken, exercise._id, 9)).status).toBe(200);
    expect(await mark(learner.token)).toBe(footprint + 9);

    t.clock.advance(RATING_UNDO_MS - 1);
    const undone = await undo(curatorToken, exercise._id);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ exerciseId: exercise._id, rating: null, status: 'active' });
    expect(await stored(exercise._id)).toEqual(before);
    expect(await mark(learner.token)).toBe(footprint);
    const waiting = await t.api('GET', '/api/exercises/notifications?limit=50', { token: curatorToken });
    expect(waiting.body.notifications.map((n: { exerciseId: string }) => n.exerciseId)).toContain(exercise._id);

    // The audit log keeps the rating and its withdrawal.
    const log = await t.api('GET', '/api/admin/audit?action=homework.rate.undo&limit=50', {
      token: await staff(t, 'admin'),
    });
    const [line] = log.body.entries.filter((e: { target: string }) => e.target === `exercise:${exercise._id}`);
    expect(line.summary).toContain('оцінку 9 скасовано → —');

    // Withdrawn once: nothing is left to withdraw.
    const again = await undo(curatorToken, exercise._id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HOMEWORK_MESSAGES.noRatingToUndo);
  });

  it('goes back to the rating before, not to none', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    await rate(curatorToken, exercise._id, 6);
    t.clock.advance(RATING_UNDO_MS);
    const kept = await stored(exercise._id);
    const footprint = await mark(learner.token);
    await rate(curatorToken, exercise._id, 11);
    expect((await undo(curatorToken, exercise._id)).body).toEqual({
      exerciseId: exercise._id,
      rating: 6,
      status: 'inactive',
    });
    expect(await stored(exercise._id)).toEqual(kept);
    expect(await mark(learner.token)).toBe(footprint);
  });

  it('is refused after the window, in Ukrainian, and changes nothing', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    await rate(curatorToken, exercise._id, 7);
    const after = await stored(exercise._id);
    t.clock.advance(RATING_UNDO_MS);
    const late = await undo(curatorToken, exercise._id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Оцінку вже не можна скасувати: минуло понад 10 секунд');
    expect(await stored(exercise._id)).toEqual(after);
  });

  it('is only for the curator who set it: not another curator, not the learner', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    await rate(curatorToken, exercise._id, 5);
    const after = await stored(exercise._id);
    for (const token of [secondCurator, learner.token]) {
      const refused = await undo(token, exercise._id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Скасувати оцінку може лише куратор, який її поставив');
    }
    expect(await stored(exercise._id)).toEqual(after);
    const stranger = await signUp(t);
    expect((await undo(stranger.token, exercise._id)).status).toBe(404);
  });

  it('is refused once anything moved the rating since (another curator’s rating, the learner deleting the answer)', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    await rate(curatorToken, exercise._id, 8);
    await rate(secondCurator, exercise._id, 10);
    const first = await undo(curatorToken, exercise._id);
    expect(first.status).toBe(403);
    await t.api('PATCH', '/api/exercises/homework', { token: learner.token, body: { exerciseId: exercise._id } });
    const gone = await undo(secondCurator, exercise._id);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(HOMEWORK_MESSAGES.noRatingToUndo);
  });

  it('keeps a comment written after the rating: the later status and time stand', async () => {
    const learner = await signUp(t);
    const { body: exercise } = await submit(learner.token);
    await rate(curatorToken, exercise._id, 8);
    t.clock.advance(1_000);
    await t.form('POST', '/api/exercises/comment', {
      token: learner.token,
      fields: { exerciseId: exercise._id, comment: 'Дякую, але чому 8?' },
    });
    const commented = await stored(exercise._id);
    expect((await undo(curatorToken, exercise._id)).status).toBe(200);
    expect(await stored(exercise._id)).toEqual({ ...commented, rating: null });
  });
});
