import { HOMEWORK_MESSAGES, REPLY_MESSAGES } from '@yedyni/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { curator, importFixtures, signUp, staff } from './support/courses.js';

let t: TestApp;
let alpha: string;
let taras: string;
let olena: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ alpha } = await importFixtures(t));
  taras = await curator(t);
  olena = await curator(t);
  admin = await staff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const reply = { title: 'Русизм «кушати»', text: 'Замість «кушати» кажемо «їсти».', tags: ['russianism'] };
const create = (token: string, body: unknown = reply) => t.api('POST', '/api/exercises/replies', { token, body });
const list = async (token: string) =>
  (await t.api('GET', '/api/exercises/replies', { token })).body.replies as { _id: string; title: string }[];
const ids = async (token: string) => (await list(token)).map((r) => r._id);

describe('saved replies', () => {
  it('are a curator’s own: another curator neither sees nor changes a private one', async () => {
    const created = await create(taras);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...reply, shared: false, mine: true, canEdit: true });
    const id = created.body._id as string;
    expect(await ids(taras)).toContain(id);
    expect(await ids(olena)).not.toContain(id);

    for (const [method, body] of [
      ['PUT', reply],
      ['DELETE', undefined],
    ] as const) {
      const refused = await t.api(method, `/api/exercises/replies/${id}`, { token: olena, body });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(REPLY_MESSAGES.notFound);
    }
    const changed = await t.api('PUT', `/api/exercises/replies/${id}`, {
      token: taras,
      body: { ...reply, title: 'Інша назва', tags: ['punctuation', 'calque', 'calque'] },
    });
    expect(changed.status).toBe(200);
    // Tags come back once each, in the set's order.
    expect(changed.body).toMatchObject({ title: 'Інша назва', tags: ['calque', 'punctuation'] });
    expect((await t.api('DELETE', `/api/exercises/replies/${id}`, { token: taras })).status).toBe(200);
    expect(await ids(taras)).not.toContain(id);
  });

  it('when shared, every curator sees it; only its author or an admin changes it', async () => {
    const { body } = await create(taras, { ...reply, title: 'Спільна', shared: true });
    const id = body._id as string;
    const seen = (await list(olena)).find((r) => r._id === id);
    expect(seen).toMatchObject({ shared: true, mine: false, canEdit: false });
    const refused = await t.api('PUT', `/api/exercises/replies/${id}`, { token: olena, body: reply });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REPLY_MESSAGES.notYours);
    expect((await t.api('DELETE', `/api/exercises/replies/${id}`, { token: olena })).status).toBe(403);

    const byAdmin = await t.api('PUT', `/api/exercises/replies/${id}`, {
      token: admin,
      body: { ...reply, title: 'Виправив адміністратор', shared: true },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ title: 'Виправив адміністратор', mine: false, canEdit: true });
    expect((await t.api('DELETE', `/api/exercises/replies/${id}`, { token: admin })).status).toBe(200);
    expect(await ids(olena)).not.toContain(id);
  });

  it('are refused to learners', async () => {
    const { token } = await signUp(t);
    for (const [method, route] of [
      ['GET', '/api/exercises/replies'],
      ['POST', '/api/exercises/replies'],
    ] as const) {
      const refused = await t.api(method, route, { token, body: method === 'POST' ? reply : undefined });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(REPLY_MESSAGES.curatorsOnly);
    }
    expect((await t.api('GET', '/api/exercises/replies')).status).toBe(401);
  });

  it.each([
    ['no title', { ...reply, title: '  ' }, 'title'],
    ['a title over 80', { ...reply, title: 'а'.repeat(81) }, 'title'],
    ['a title with a line break', { ...reply, title: 'два\nрядки' }, 'title'],
    ['no text', { ...reply, text: ' ' }, 'text'],
    ['a text over 3000', { ...reply, text: 'а'.repeat(3001) }, 'text'],
    ['a tag outside the set', { ...reply, tags: ['russianism', 'grammar'] }, 'tags'],
  ])('refuse %s with a Ukrainian message, keeping nothing', async (_label, body, field) => {
    const before = (await list(taras)).length;
    const refused = await create(taras, body);
    expect(refused.status).toBe(400);
    // The field, or one item of it (`tags.1`).
    expect(Object.keys(refused.body.fields).some((name) => name.split('.')[0] === field)).toBe(true);
    expect(refused.body.message).toMatch(/[а-яіїєґ]/i);
    expect((await list(taras)).length).toBe(before);
  });
});

describe('mistake tags on comments', () => {
  const handIn = async () => {
    const learner = await signUp(t);
    const { body } = await t.form('POST', '/api/exercises', {
      token: learner.token,
      fields: { courseId: alpha, lessonId: '1', homework: 'Я кушаю суп.' },
    });
    return { learner: learner.token, exerciseId: body._id as string };
  };

  it('a curator’s comment keeps its tags, and the learner reads them', async () => {
    const { learner, exerciseId } = await handIn();
    const sent = await t.form('POST', '/api/exercises/comment', {
      token: taras,
      fields: { exerciseId, comment: reply.text, tags: 'stress,russianism' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.tags).toEqual(['russianism', 'stress']);
    const seen = await t.api('GET', `/api/exercises?courseId=${alpha}&lessonId=1`, { token: learner });
    expect(seen.body.comments[0].tags).toEqual(['russianism', 'stress']);

    // An edit without tags keeps them; with an empty field it clears them.
    const commentId = sent.body._id as string;
    const kept = await t.form('PATCH', '/api/exercises/comment', {
      token: taras,
      fields: { exerciseId, commentId, comment: 'Уточнення' },
    });
    expect(kept.body.tags).toEqual(['russianism', 'stress']);
    const cleared = await t.form('PATCH', '/api/exercises/comment', {
      token: taras,
      fields: { exerciseId, commentId, comment: 'Уточнення', tags: '' },
    });
    expect(cleared.body.tags).toEqual([]);
  });

  it('refuses tags outside the set, and tags from the homework’s owner', async () => {
    const { learner, exerciseId } = await handIn();
    const strange = await t.form('POST', '/api/exercises/comment', {
      token: taras,
      fields: { exerciseId, comment: 'x', tags: 'russianism,grammar' },
    });
    // A form's problem is one message (as for every multipart field), naming the field and the set.
    expect(strange.status).toBe(400);
    expect(strange.body.message).toMatch(/^Мітки: лише russianism, calque/);
    const own = await t.form('POST', '/api/exercises/comment', {
      token: learner,
      fields: { exerciseId, comment: 'Я сам собі', tags: 'spelling' },
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(HOMEWORK_MESSAGES.tagsCuratorsOnly);
    const exercise = await t.api('GET', `/api/exercises/${exerciseId}`, { token: taras });
    expect(exercise.body.comments).toEqual([]);
  });
});
