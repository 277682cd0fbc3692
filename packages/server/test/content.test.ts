import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContent } from '../src/cli/content.js';
import { ContentError, importCourse, PRACTICE_MARKER, THEORY_MARKER } from '../src/features/courses/content.js';
import { sanitizeLessonHtml } from '../src/features/courses/sanitize.js';
import { loadConfig } from '../src/infra/config.js';
import { STARTER_CONTENT } from '../src/seed/demo.js';
import { startTestApp, type TestApp } from './support/app.js';
import { FIXTURES, importFixtures, signUp } from './support/courses.js';

describe('lesson HTML sanitizer', () => {
  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<p onclick="alert(1)">t</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<svg onload=alert(1)><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<iframe src="https://evil.example"></iframe>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example"><input name=a></form>',
    '<p style="background:url(javascript:alert(1))">t</p>',
    '<style>body{display:none}</style>',
    '<img src="//evil.example/track.png">',
    '<audio src="javascript:alert(1)" onplay="alert(1)"></audio>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<div><![CDATA[<script>alert(1)</script>]]></div>',
    '<svg><a><animate attributeName="href" values="#x;javascript:alert(1)"/><text>x</text></a></svg>',
    '<textarea></textarea/><img src=x onerror=alert(1)></textarea>',
    '<p title="&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;">t</p>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<img src="/\\evil.example/track.png">',
  ])('neutralises %s', (payload) => {
    const clean = sanitizeLessonHtml(payload).toLowerCase();
    expect(clean).not.toMatch(/<script|<svg|<iframe|<object|<embed|<form|<style|<base|<meta|<math/);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:|[/\\]{2}evil\.example\/track/);
    expect(clean).not.toContain('style=');
  });

  it('keeps the structure authors need', () => {
    const html =
      '<h2>Тема</h2><p><strong>жирний</strong> <em>курсив</em> <a href="https://example.org">лінк</a></p>' +
      '<ul><li>один</li></ul><ol start="3"><li>три</li></ol><blockquote>цитата</blockquote>' +
      '<table><thead><tr><th>замість</th></tr></thead><tbody><tr><td>кажемо</td></tr></tbody></table>' +
      '<img src="/media/c/p.png" alt="опис"><audio src="https://example.org/a.mp3"></audio>';
    const clean = sanitizeLessonHtml(html);
    for (const piece of [
      '<h2>Тема</h2>',
      '<strong>',
      '<em>',
      '<ul>',
      '<ol start="3">',
      '<blockquote>',
      '<table>',
      '<th>',
      '<img src="/media/c/p.png" alt="опис">',
    ]) {
      expect(clean).toContain(piece);
    }
    expect(clean).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow">лінк</a>');
    expect(clean).toContain('<audio src="https://example.org/a.mp3" controls="">');
    expect(sanitizeLessonHtml(clean)).toBe(clean);
  });
});

describe('content import and export', () => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    t = await startTestApp();
    work = await mkdtemp(path.join(tmpdir(), 'yedyni-content-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  const lessonRows = (app: TestApp, slug: string) =>
    app.app.services.db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select([
        'lessons.day',
        'lessons.theme',
        'lessons.image',
        'lessons.content_html',
        'lessons.theory_html',
        'lessons.practice_html',
        'lessons.audio',
        'lessons.video',
        'lessons.test',
        'lessons.diary_prompt',
        'lessons.content_md',
        'lessons.theory_md',
        'lessons.practice_md',
      ])
      .where('courses.slug', '=', slug)
      .orderBy('lessons.day')
      .execute();

  it('sanitizes on import: nothing an author writes can run script', async () => {
    await importFixtures(t);
    const [, second] = await lessonRows(t, 'alpha');
    const stored = `${second?.content_html}${second?.theory_html}`.toLowerCase();
    expect(stored).toContain('текст уроку');
    expect(stored).not.toMatch(/<script|onerror|onclick|javascript:|<svg|<iframe|style=/);
  });

  it('round-trips through export: a fresh database imports the same lessons, media included', async () => {
    const out = path.join(work, 'export');
    const printed = await runContent(['export', out], loadConfig(t.env));
    expect(printed).toContain('alpha');
    // Markdown lessons go out as their Markdown source, HTML ones as HTML.
    expect((await readdir(path.join(out, 'alpha'))).sort()).toEqual([
      '01.md',
      '02.md',
      '03.md',
      'course.json',
      'media',
    ]);
    expect((await readdir(path.join(out, 'beta'))).sort()).toEqual(['01.html', 'course.json']);
    const lesson = await readFile(path.join(out, 'alpha', '01.md'), 'utf8');
    expect(lesson).toContain(THEORY_MARKER);
    expect(lesson).toContain(PRACTICE_MARKER);
    expect(lesson).toContain('![опис](media/pic.png)');
    const html = await readFile(path.join(out, 'beta', '01.html'), 'utf8');
    expect(html).toContain(THEORY_MARKER);

    const other = await startTestApp();
    try {
      expect(await runContent(['import', out], loadConfig(other.env))).toMatch(/alpha[\s\S]*beta/);
      expect(await lessonRows(other, 'alpha')).toEqual(await lessonRows(t, 'alpha'));
      expect(await lessonRows(other, 'beta')).toEqual(await lessonRows(t, 'beta'));
      const media = await fetch(`${other.url}/media/alpha/pic.png`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/png');
    } finally {
      await other.close();
    }
  });

  it('imports game tasks by id: new ones added, changed ones updated, a bad one stops the whole import', async () => {
    const folder = path.join(work, 'game');
    await mkdir(folder, { recursive: true });
    const task = {
      id: 'extra-quiz-1',
      type: 'quiz',
      level: 1,
      topic: 'vocabulary',
      prompt: 'Як сказати «сдача»?',
      options: ['решта', 'здача'],
      answers: [0],
      explanation: 'Гроші, які повертають покупцеві, — це решта.',
    };
    await writeFile(path.join(folder, 'extra.json'), JSON.stringify([task]));
    expect(await runContent(['import-game', folder], loadConfig(t.env))).toBe('Імпортовано завдань: 1');
    await writeFile(path.join(folder, 'extra.json'), JSON.stringify([{ ...task, prompt: 'Як сказати «здача»?' }]));
    await runContent(['import-game', folder], loadConfig(t.env));
    const row = await t.app.services.db
      .selectFrom('game_tasks')
      .select('body')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.body).prompt).toBe('Як сказати «здача»?');
    await writeFile(path.join(folder, 'extra.json'), JSON.stringify([{ ...task, id: 'extra-quiz-2', answers: [7] }]));
    await expect(runContent(['import-game', folder], loadConfig(t.env))).rejects.toThrow(
      'answers: номер поза варіантами',
    );
    const absent = await t.app.services.db
      .selectFrom('game_tasks')
      .select('id')
      .where('id', '=', 'extra-quiz-2')
      .execute();
    expect(absent).toEqual([]);
  });

  it('re-importing a course updates its lessons and keeps its learners and waves', async () => {
    const { token } = await signUp(t);
    const copy = path.join(work, 'alpha-edit');
    await cp(path.join(FIXTURES, 'alpha'), copy, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(copy, 'course.json'), 'utf8'));
    manifest.title = 'Альфа (нова редакція)';
    manifest.lessons[0].theme = 'Перший день, оновлений';
    manifest.wave = { label: '42', start: '2030-01-01' };
    await writeFile(path.join(copy, 'course.json'), JSON.stringify(manifest));
    await runContent(['import', copy], loadConfig(t.env));
    const course = await t.api('GET', '/api/courses', { token });
    const alpha = course.body.courses.find((c: { title: string }) => c.title.startsWith('Альфа'));
    expect(alpha).toMatchObject({ title: 'Альфа (нова редакція)', enrolled: true, wave: '1' });
  });

  it('imports the starter courses: every lesson with its text, theory, practice and a 10-question test', async () => {
    const fresh = await startTestApp();
    try {
      await runContent(['import', STARTER_CONTENT], loadConfig(fresh.env));
      const courses = await fresh.app.services.db
        .selectFrom('courses')
        .select(['slug', 'starter'])
        .orderBy('position')
        .execute();
      expect(courses).toEqual([
        { slug: 'perehid', starter: 1 },
        { slug: 'gramatyka', starter: 1 },
      ]);
      for (const [slug, count] of [
        ['perehid', 7],
        ['gramatyka', 5],
      ] as const) {
        const lessons = await lessonRows(fresh, slug);
        expect(lessons.map((l) => l.day)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        for (const lesson of lessons) {
          expect(lesson.content_html).toMatch(/^<h2>/);
          expect(lesson.theory_html.length).toBeGreaterThan(200);
          expect(lesson.practice_html.length).toBeGreaterThan(100);
          expect(lesson.diary_prompt.length).toBeGreaterThan(10);
          expect(JSON.parse(lesson.test)).toHaveLength(10);
        }
      }
    } finally {
      await fresh.close();
    }
  });

  it('refuses a broken course with a message naming the problem and writes nothing', async () => {
    const broken = path.join(work, 'broken');
    await cp(path.join(FIXTURES, 'beta'), broken, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(broken, 'course.json'), 'utf8'));
    manifest.slug = 'broken';
    manifest.lessons[0].test[0].answer = 7;
    await writeFile(path.join(broken, 'course.json'), JSON.stringify(manifest));
    const options = { mediaRoot: t.app.services.mediaRoot, now: Date.now() };
    await expect(importCourse(t.app.services.db, broken, options)).rejects.toThrow(/lessons\.0\.test\.0/);

    manifest.lessons[0].test[0].answer = 0;
    manifest.lessons[0].file = 'missing.md';
    await writeFile(path.join(broken, 'course.json'), JSON.stringify(manifest));
    await expect(importCourse(t.app.services.db, broken, options)).rejects.toThrow(ContentError);
    await writeFile(path.join(broken, 'course.json'), '{ not json');
    await expect(importCourse(t.app.services.db, broken, options)).rejects.toThrow(/JSON/);
    const row = await t.app.services.db
      .selectFrom('courses')
      .select('id')
      .where('slug', '=', 'broken')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
