import type { FastifyBaseLogger as Logger } from 'fastify';
import { type AuthService, DEMO_LEARNER_EMAIL } from '../features/auth/service.js';
import type { Db } from '../infra/db/index.js';
import { ROOT_USER_ID } from '../infra/db/root-account.js';

/** Demo accounts for trying the product (README lists them); never seeded in production. */
export const DEMO_PASSWORD = 'yedyni-demo';

/** Seeds the demo accounts when the database holds nobody but the root account. */
export async function seedDemo(db: Db, auth: AuthService, log: Logger): Promise<void> {
  const someone = await db.selectFrom('users').select('id').where('id', '!=', ROOT_USER_ID).limit(1).executeTakeFirst();
  if (someone) return;
  const curatorId = await auth.createAccount({
    first_name: 'Тарас',
    last_name: 'Мельник',
    email: 'curator@example.org',
    password: DEMO_PASSWORD,
    role: 'moderator',
  });
  await auth.createAccount({
    first_name: 'Ірина',
    last_name: 'Бондаренко',
    email: 'admin@example.org',
    password: DEMO_PASSWORD,
    role: 'admin',
  });
  await auth.createAccount({
    first_name: 'Оксана',
    last_name: 'Коваленко',
    email: DEMO_LEARNER_EMAIL,
    password: DEMO_PASSWORD,
    inviterId: curatorId,
  });
  log.info('demo accounts seeded (see README)');
}
