import {
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  auditLogSchema,
  auditQuerySchema,
  roleBodySchema,
} from '@yedyni/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../infra/db/index.js';
import { consoleDocs, documentRoutes, idParams } from '../../infra/http/openapi.js';
import { readAudit } from './audit.js';
import type { UsersAdmin } from './users.js';

/** The console's people and roles (`/api/admin/users`): admins. */
export const peopleRoutes: FastifyPluginAsyncZod<{ users: UsersAdmin }> = async (app, { users }) => {
  documentRoutes(app, consoleDocs('users'));
  app.get(
    '/users',
    {
      schema: {
        summary: 'Користувачі: пошук за імʼям чи email, фільтр за роллю',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersSchema },
      },
    },
    async (request) => users.list(request.user, request.query),
  );
  app.get(
    '/users/:id',
    { schema: { summary: 'Користувач і його курси', params: idParams, response: { 200: adminUserDetailSchema } } },
    async (request) => users.detail(request.user, request.params.id),
  );
  app.patch(
    '/users/:id/role',
    {
      schema: {
        summary: 'Змінити роль (останнього адміністратора зняти не можна)',
        params: idParams,
        body: roleBodySchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => users.setRole(request.user, request.params.id, request.body.role),
  );
};

/** The console's audit log (`/api/admin/audit`): admins. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  documentRoutes(app, consoleDocs('audit'));
  app.get(
    '/audit',
    {
      schema: {
        summary: 'Журнал змін: хто, що, коли',
        querystring: auditQuerySchema,
        response: { 200: auditLogSchema },
      },
    },
    async (request) => readAudit(db, request.user, request.query),
  );
};
