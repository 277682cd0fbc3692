#!/usr/bin/env node
// Gzip size (level 9) of all JS and CSS the browser loads for a route: the entry chunk with its
// static imports and their CSS, plus the lazy chunk(s) of the route's screens and their static
// imports. Reads dist/.vite/manifest.json written by `vite build` (build.manifest: true).
// Usage: node scripts/route-sizes.mjs [distDir]; exits 1 when /login is over its budget.
// The bench imports `routeSizes` to reuse the computation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The lazy modules (manifest keys, i.e. source paths) each measured route renders. */
export const ROUTES = {
  '/login': [],
  '/': ['src/features/landing/components/LandingPage.tsx'],
  '/register': ['src/features/auth/components/AccountPages.tsx'],
  '/uk': [
    'src/app/SignedInRoutes.tsx',
    'src/features/home/components/HomePage.tsx',
    'src/app/learning.ts',
    'src/app/TodayScreen.tsx',
  ],
  '/uk/learn': ['src/app/SignedInRoutes.tsx', 'src/app/learning.ts', 'src/features/courses/components/CoursesPage.tsx'],
  '/uk/learn/:courseId/:lessonId': [
    'src/app/SignedInRoutes.tsx',
    'src/app/learning.ts',
    'src/app/CourseScreen.tsx',
    'src/features/courses/components/LessonPage.tsx',
    'src/features/courses/components/LessonSections.tsx',
  ],
  '/uk/learn/:courseId/:lessonId/practice': [
    'src/app/SignedInRoutes.tsx',
    'src/app/learning.ts',
    'src/app/CourseScreen.tsx',
    'src/features/courses/components/LessonPage.tsx',
    'src/app/HomeworkScreens.tsx',
  ],
  '/uk/notifications': ['src/app/SignedInRoutes.tsx', 'src/app/NotificationScreens.tsx'],
  '/uk/notifications/settings': ['src/app/SignedInRoutes.tsx', 'src/app/NotificationScreens.tsx'],
  '/unsubscribe': ['src/app/SignedInRoutes.tsx', 'src/app/PublicPages.tsx', 'src/app/UnsubscribeScreen.tsx'],
  '/certificates/:id': ['src/app/SignedInRoutes.tsx', 'src/app/PublicPages.tsx', 'src/app/CertificateScreen.tsx'],
  '/privacy': [
    'src/app/SignedInRoutes.tsx',
    'src/app/PublicPages.tsx',
    'src/features/privacy/components/PrivacyPage.tsx',
  ],
  '/uk/active': ['src/app/SignedInRoutes.tsx', 'src/app/HomeworkScreens.tsx'],
  '/uk/profile': ['src/app/SignedInRoutes.tsx', 'src/features/auth/components/ProfilePage.tsx'],
  '/uk/donat': ['src/app/SignedInRoutes.tsx', 'src/app/SupportScreens.tsx'],
  '/uk/bonus': ['src/app/SignedInRoutes.tsx', 'src/app/layouts/BonusLayout.tsx', 'src/app/SupportScreens.tsx'],
  '/uk/game': ['src/app/SignedInRoutes.tsx', 'src/app/ActivityScreens.tsx'],
  '/uk/olympiad': ['src/app/SignedInRoutes.tsx', 'src/app/ActivityScreens.tsx'],
  '/uk/clubs': ['src/app/SignedInRoutes.tsx', 'src/app/ActivityScreens.tsx'],
  // The chart's uPlot is not counted: it loads after the screen, when the chart is drawn.
  '/uk/progress': [
    'src/app/SignedInRoutes.tsx',
    'src/features/progress/components/ProgressPage.tsx',
    'src/features/certificates/components/MyCertificates.tsx',
  ],
  '/uk/admin': ['src/app/SignedInRoutes.tsx', 'src/app/AdminScreens.tsx'],
};

export const ENTRY = 'index.html';
/** The login screen is the first paint for most visitors (issue 9: at most 85 KB of gzip JS + CSS). */
export const BUDGETS = { '/login': 85 * 1024 };

/**
 * @param {{ distDir?: string, routes?: Record<string, string[]>, entry?: string }} [options]
 * @returns {{ route: string, bytes: number, js: number, css: number, files: { file: string, bytes: number }[] }[]}
 */
export function routeSizes({ distDir = defaultDist(), routes = ROUTES, entry = ENTRY } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const gzipCache = new Map();
  const gzipped = (file) => {
    if (!gzipCache.has(file)) {
      gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    }
    return gzipCache.get(file);
  };

  /** Adds a chunk, its CSS and everything it imports statically. */
  const collect = (key, files, seen) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route-sizes: "${key}" is not in the manifest; update ROUTES in ${selfPath()}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, files, seen);
  };

  return Object.entries(routes).map(([route, lazyModules]) => {
    const files = new Set();
    const seen = new Set();
    collect(entry, files, seen);
    for (const key of lazyModules) collect(key, files, seen);
    const list = [...files]
      .filter((file) => /\.(m?js|css)$/.test(file))
      .map((file) => ({ file, bytes: gzipped(file) }));
    const sum = (ext) => list.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.bytes, 0);
    return { route, bytes: sum('.js') + sum('.css'), js: sum('.js'), css: sum('.css'), files: list };
  });
}

function selfPath() {
  return fileURLToPath(import.meta.url);
}

function defaultDist() {
  return path.resolve(path.dirname(selfPath()), '../dist');
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

function main() {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : defaultDist();
  const rows = routeSizes({ distDir });
  const width = Math.max(...rows.map((r) => r.route.length), 'route'.length);
  console.log(`\nGzip (level 9) JS + CSS loaded per route, from ${path.relative(process.cwd(), distDir) || '.'}:`);
  console.log(`${'route'.padEnd(width)}  ${'total'.padStart(10)}  ${'js'.padStart(10)}  ${'css'.padStart(9)}  budget`);
  let failed = false;
  for (const row of rows) {
    const budget = BUDGETS[row.route];
    const over = budget !== undefined && row.bytes > budget;
    failed ||= over;
    const note = budget === undefined ? '' : `${kb(budget)} ${over ? 'OVER' : 'ok'}`;
    console.log(
      `${row.route.padEnd(width)}  ${kb(row.bytes).padStart(10)}  ${kb(row.js).padStart(10)}  ${kb(row.css).padStart(9)}  ${note}`,
    );
  }
  if (failed) {
    console.error('\nroute-sizes: a route is over its gzip budget.');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
