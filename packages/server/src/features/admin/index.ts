/** The console shell's public API: its door, people and roles, and the audit log. */
export { consoleDoor } from './door.js';
export { consoleAbilities } from './policy.js';
export { auditRoutes, peopleRoutes } from './routes.js';
export { UsersAdmin } from './users.js';
