import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, exportCourses, importCourse } from '../src/features/courses/content.js';
import { startTestApp, type TestApp } from './support/app.js';
import { FIXTURES, staff } from './support/courses.js';
import { PNG, SVG } from './support/files.js';

const HTML = '<html><script>fetch("/api/auth/me",{headers:{authorization:localStorage.auth}})</script></html>';

let t: TestApp;
let work: string;
let secret: string;
beforeAll(async () => {
  t = await startTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'yedyni-media-'));
  // Outside production the JWT secret is a file in the data directory: what a symlink would serve.
  secret = (await readFile(path.join(t.dataDir, 'jwt-secret'), 'utf8')).trim();
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

/** The alpha fixture as a course folder of its own, under `slug`. */
async function courseFolder(slug: string): Promise<string> {
  const folder = path.join(work, slug);
  await cp(path.join(FIXTURES, 'alpha'), folder, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(folder, 'course.json'), 'utf8'));
  manifest.slug = slug;
  await writeFile(path.join(folder, 'course.json'), JSON.stringify(manifest));
  return folder;
}

const importOptions = () => ({ mediaRoot: t.app.services.mediaRoot, now: Date.now() });

describe('course import', () => {
  it.each([
    ['a symlink to the JWT secret', 'secret.png', (file: string) => symlink(path.join(t.dataDir, 'jwt-secret'), file)],
    ['an HTML page', 'page.html', (file: string) => writeFile(file, HTML)],
    ['an SVG with a script', 'logo.svg', (file: string) => writeFile(file, SVG)],
    ['HTML named .png', 'photo.png', (file: string) => writeFile(file, HTML)],
    ['a PNG named .html', 'poly.html', (file: string) => writeFile(file, PNG)],
    ['a symlinked folder', 'more', (file: string) => symlink(t.dataDir, file)],
  ])('refuses media with %s, naming the file, and imports nothing', async (_label, name, plant) => {
    const slug = `bad-${name.replace(/\W/g, '-')}`;
    const folder = await courseFolder(slug);
    await plant(path.join(folder, 'media', name));
    const error = await importCourse(t.app.services.db, folder, importOptions()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toContain(`media/${name}`);
    expect((error as Error).message).toMatch(/[а-яіїєґ]/i);
    const course = await t.app.services.db
      .selectFrom('courses')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    expect(course).toBeUndefined();
    expect(await readdir(path.join(t.app.services.mediaRoot, slug)).catch(() => [])).toEqual([]);
  });

  it('refuses a lesson file or a media folder that is a symlink', async () => {
    const lesson = await courseFolder('bad-lesson-link');
    await rm(path.join(lesson, '01.md'));
    await symlink(path.join(t.dataDir, 'jwt-secret'), path.join(lesson, '01.md'));
    await expect(importCourse(t.app.services.db, lesson, importOptions())).rejects.toThrow(/01\.md/);

    const media = await courseFolder('bad-media-link');
    await rm(path.join(media, 'media'), { recursive: true });
    await symlink(t.dataDir, path.join(media, 'media'));
    await expect(importCourse(t.app.services.db, media, importOptions())).rejects.toThrow(/media/);

    const slugs = await t.app.services.db
      .selectFrom('courses')
      .select('slug')
      .where('slug', 'in', ['bad-lesson-link', 'bad-media-link'])
      .execute();
    expect(slugs).toEqual([]);
  });

  it('imports pictures and recordings whose content matches their name', async () => {
    const folder = await courseFolder('good-media');
    await writeFile(path.join(folder, 'media', 'second.png'), PNG);
    await importCourse(t.app.services.db, folder, importOptions());
    expect((await readdir(path.join(t.app.services.mediaRoot, 'good-media'))).sort()).toEqual([
      'pic.png',
      'second.png',
    ]);
  });
});

describe('/media', () => {
  let media: string;
  beforeAll(async () => {
    await importCourse(t.app.services.db, await courseFolder('served'), importOptions());
    media = path.join(t.app.services.mediaRoot, 'served');
  });

  it('is served with its real type, nosniff and a sandboxing CSP', async () => {
    const answer = await fetch(`${t.url}/media/served/pic.png`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
    expect(csp).toContain("default-src 'none'");
  });

  it('never serves HTML, SVG or script put under it by hand, nor follows a symlink', async () => {
    await writeFile(path.join(media, 'page.html'), HTML);
    await writeFile(path.join(media, 'page.htm'), HTML);
    await writeFile(path.join(media, 'logo.svg'), SVG);
    await writeFile(path.join(media, 'app.js'), 'alert(1)');
    await writeFile(path.join(media, 'page.xhtml'), HTML);
    await writeFile(path.join(media, 'noext'), HTML);
    await symlink(path.join(t.dataDir, 'jwt-secret'), path.join(media, 'secret.png'));
    await symlink(t.dataDir, path.join(t.app.services.mediaRoot, 'data'));
    for (const name of ['page.html', 'page.htm', 'logo.svg', 'app.js', 'page.xhtml', 'noext', 'secret.png']) {
      const answer = await fetch(`${t.url}/media/served/${name}`);
      expect(answer.status, name).toBe(404);
      expect(await answer.text(), name).not.toContain(secret);
    }
    const through = await fetch(`${t.url}/media/data/jwt-secret`);
    expect(through.status).toBe(404);
    expect(await through.text()).not.toContain(secret);

    // HTML under an image's name goes out as an image the browser must not sniff, in a sandbox.
    await writeFile(path.join(media, 'evil.png'), HTML);
    const evil = await fetch(`${t.url}/media/served/evil.png`);
    expect(evil.headers.get('content-type')).not.toMatch(/html|svg|javascript/);
    expect(evil.headers.get('x-content-type-options')).toBe('nosniff');
    expect(evil.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('course export', () => {
  it('never follows a symlink planted in the media folder, to the zip or to a folder', async () => {
    await importCourse(t.app.services.db, await courseFolder('exported'), importOptions());
    const media = path.join(t.app.services.mediaRoot, 'exported');
    await symlink(path.join(t.dataDir, 'jwt-secret'), path.join(media, 'secret.png'));
    await mkdir(path.join(media, 'sub'));
    await symlink(t.dataDir, path.join(media, 'sub', 'data'));

    const course = await t.app.services.db
      .selectFrom('courses')
      .select('id')
      .where('slug', '=', 'exported')
      .executeTakeFirstOrThrow();
    const admin = await staff(t, 'admin');
    const zip = await fetch(`${t.url}/api/admin/courses/${course.id}/export`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toContain('exported/media/pic.png');
    expect(Object.keys(files).filter((name) => name.includes('secret') || name.includes('/data/'))).toEqual([]);
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes).toString('latin1')).not.toContain(secret);

    const out = path.join(work, 'export');
    await exportCourses(t.app.services.db, out, t.app.services.mediaRoot, 'exported');
    expect((await readdir(path.join(out, 'exported', 'media'), { recursive: true })).sort()).toEqual(['pic.png']);
  });
});
