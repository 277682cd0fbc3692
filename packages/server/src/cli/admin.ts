import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emailSchema, passwordSchema, ROLES, type Role, registerBodySchema } from '@yedyni/contract';
import { pino } from 'pino';
import { importOriginal } from '../features/import/index.js';
import { backup, restore } from '../infra/backup.js';
import { type Config, ConfigError, loadConfig } from '../infra/config.js';
import { createDb, migrateToLatest } from '../infra/db/index.js';
import { restrictUmask } from '../infra/private-files.js';
import { generateVapidKeys } from '../infra/push.js';
import { LocalFileStore } from '../infra/storage.js';
import { createServices } from '../services.js';

const USAGE = `Команди оператора:
  npm run admin -- set-role <email> <user|moderator|admin>
  npm run admin -- create-user <email> <password> <first_name> <last_name> [user|moderator|admin]
  npm run admin -- set-password <email> <password>   (завершує всі сеанси користувача)
  npm run admin -- reset-two-step <email>   (вимикає двоетапний вхід: загублено телефон і резервні коди)
  npm run admin -- backup <file.tar.gz>     (сервер може працювати далі)
  npm run admin -- restore <file.tar.gz>    (лише в порожню базу)
  npm run admin -- vapid-keys               (нова пара ключів для Web Push: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)
  npm run admin -- import-original <folder> [--content <folder>] [--files <folder>] [--dry-run]
                                            (перенесення зі старої платформи: файли mongoexport --jsonArray;
                                             усе або нічого; повторний запуск додає лише нове)`;

export class UsageError extends Error {}

/** A dry run that found records the import would leave out: its report, and a non-zero exit. */
export class ImportLossError extends Error {}

function parseRole(value: string | undefined): Role {
  const role = value ?? 'user';
  if (!(ROLES as readonly string[]).includes(role))
    throw new UsageError(`Невідома роль «${role}»: ${ROLES.join(', ')}`);
  return role as Role;
}

/** Runs one operator command against the database the settings name; returns what to print. */
export async function runAdmin(args: string[], config: Config): Promise<string> {
  const [command, ...rest] = args;
  if (command === 'backup' || command === 'restore') return runArchive(command, rest, config);
  if (command === 'import-original') return runImport(rest, config);
  if (command === 'vapid-keys') {
    if (rest.length > 0) throw new UsageError(USAGE);
    // Printed for the operator's settings; nothing is stored (a changed pair ends every subscription).
    const keys = generateVapidKeys();
    return `VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`;
  }
  if (!['set-role', 'create-user', 'set-password', 'reset-two-step'].includes(command ?? ''))
    throw new UsageError(USAGE);
  // Jobs it queues (the owner's mail after set-password) are sent by the running server.
  const services = await createServices({ ...config, seedDemo: false }, pino({ level: 'warn' }), { workers: false });
  try {
    if (command === 'set-role') {
      const [rawEmail, rawRole] = rest;
      if (!rawEmail || !rawRole) throw new UsageError(USAGE);
      const email = emailSchema.parse(rawEmail);
      const role = parseRole(rawRole);
      await services.admin.users.setRoleByOperator(email, role);
      return `Роль ${email}: ${role}`;
    }
    if (command === 'reset-two-step') {
      const [rawEmail, ...extra] = rest;
      if (!rawEmail || extra.length > 0) throw new UsageError(USAGE);
      const email = emailSchema.parse(rawEmail);
      const done = await services.twoStep.turnOffByOperator(email);
      return done
        ? `Двоетапний вхід ${email} вимкнено; він(вона) може ввійти з паролем і налаштувати його знову`
        : `У ${email} двоетапний вхід не ввімкнено (або такого користувача немає); нічого не змінено`;
    }
    if (command === 'set-password') {
      // E.g. the demo accounts of a database that goes to production (app.ts refuses them).
      const [rawEmail, rawPassword, ...extra] = rest;
      if (!rawEmail || rawPassword === undefined || extra.length > 0) throw new UsageError(USAGE);
      const email = emailSchema.parse(rawEmail);
      const checked = passwordSchema.safeParse(rawPassword);
      if (!checked.success) throw new UsageError(checked.error.issues.map((i) => i.message).join('\n'));
      await services.auth.setPasswordByOperator(email, checked.data);
      return `Пароль ${email} змінено; усі його сеанси завершено`;
    }
    const [email, password, first_name, last_name, rawRole] = rest;
    // The registration's rules, but not its consent: the operator creates the account, not its owner.
    const parsed = registerBodySchema.omit({ consent: true }).safeParse({ email, password, first_name, last_name });
    if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
    const role = parseRole(rawRole);
    await services.auth.createAccount({ ...parsed.data, role });
    return `Створено ${parsed.data.email} (${role})`;
  } finally {
    await services.close();
  }
}

/**
 * Backup and restore open the database alone, without the services: a backup only reads, and a
 * restore must find the database as empty as it is (no demo, no seeded tasks of its own).
 */
async function runArchive(command: 'backup' | 'restore', rest: string[], config: Config): Promise<string> {
  const [given] = rest;
  if (!given || rest.length > 1) throw new UsageError(USAGE);
  const file = path.resolve(given);
  const db = createDb(config.database);
  try {
    if (command === 'backup') {
      const started = Date.now();
      const made = await backup(db, config.dataDir, file);
      const rows = Object.values(made.tables).reduce((sum, n) => sum + n, 0);
      const missing = made.missingUploads.length
        ? `\nУвага: ${made.missingUploads.length} файл(ів), названих у базі, уже не було в uploads/.`
        : '';
      return (
        `Резервну копію записано: ${file} (${(made.bytes / 1024).toFixed(0)} КБ за ${Date.now() - started} мс; ` +
        `${rows} рядків у ${Object.keys(made.tables).length} таблицях, ` +
        `файлів: uploads ${made.files.uploads}, media ${made.files.media})${missing}`
      );
    }
    const done = await restore(db, config.dataDir, file);
    return `Відновлено з ${file}: ${done.rows} рядків у ${done.tables} таблицях, ${done.files} файлів`;
  } finally {
    await db.destroy();
  }
}

/**
 * Like backup and restore, the import opens the database alone: it writes its rows in one
 * transaction of its own and needs none of the services (no mail, jobs or sockets to start).
 */
async function runImport(rest: string[], config: Config): Promise<string> {
  const options: { folder?: string; content?: string; files?: string; dryRun: boolean } = { dryRun: false };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--content' || arg === '--files') {
      const value = rest[i + 1];
      if (!value) throw new UsageError(USAGE);
      options[arg === '--content' ? 'content' : 'files'] = path.resolve(value);
      i += 1;
    } else if (!options.folder && arg && !arg.startsWith('--')) options.folder = path.resolve(arg);
    else throw new UsageError(USAGE);
  }
  const { folder } = options;
  if (!folder) throw new UsageError(USAGE);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const report = await importOriginal(db, new LocalFileStore(path.join(config.dataDir, 'uploads')), {
      ...options,
      folder,
      now: Date.now(),
      progress: (line) => process.stderr.write(`${line}\n`),
    });
    const text = `${report.format(options.dryRun)}\nЧас: ${((Date.now() - started) / 1000).toFixed(1)} с`;
    if (options.dryRun && report.losses > 0) throw new ImportLossError(text);
    return text;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  // Backups and anything else the operator's commands write: the user's only (infra/private-files.ts).
  restrictUmask();
  try {
    console.log(await runAdmin(process.argv.slice(2), loadConfig()));
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof Error) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
