import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { ContentError, courseFolders, exportCourses, importCourse } from '../features/courses/index.js';
import { readTaskFolder, saveTasks } from '../features/game/index.js';
import { type Config, ConfigError, loadConfig } from '../infra/config.js';
import { restrictUmask } from '../infra/private-files.js';
import { createServices } from '../services.js';

const USAGE = `Вміст курсів (тека курсу: course.json + файл уроку .md/.html на кожен день, media/ поруч):
  npm run content -- import <тека>          тека курсу або тека з теками курсів
  npm run content -- export <тека> [slug]   усі курси (або один) у форматі імпорту
Завдання гри й олімпіад (content/game/README.md):
  npm run content -- import-game <тека>     додає нові й оновлює наявні завдання (за id)`;

export class UsageError extends Error {}

/** Imports or exports course content against the database the settings name; returns what to print. */
export async function runContent(args: string[], config: Config): Promise<string> {
  const [command, folder, slug] = args;
  if (!['import', 'export', 'import-game'].includes(command ?? '') || !folder) throw new UsageError(USAGE);
  const target = path.resolve(folder);
  const services = await createServices({ ...config, seedDemo: false }, pino({ level: 'warn' }));
  try {
    if (command === 'import-game') {
      const count = await saveTasks(services.db, await readTaskFolder(target), Date.now());
      return `Імпортовано завдань: ${count}`;
    }
    if (command === 'import') {
      const lines: string[] = [];
      for (const course of await courseFolders(target)) {
        const { slug: imported } = await importCourse(services.db, course, {
          mediaRoot: services.mediaRoot,
          now: Date.now(),
        });
        lines.push(`Імпортовано ${imported} з ${course}`);
      }
      return lines.join('\n');
    }
    const written = await exportCourses(services.db, target, services.mediaRoot, slug);
    return written.map((f) => `Експортовано ${f}`).join('\n') || 'Курсів немає';
  } finally {
    await services.close();
  }
}

async function main(): Promise<void> {
  // Imported media land in the data directory: the server's user's only (infra/private-files.ts).
  restrictUmask();
  try {
    console.log(await runContent(process.argv.slice(2), loadConfig()));
  } catch (error) {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof ContentError;
    console.error(known || error instanceof Error ? (error as Error).message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
