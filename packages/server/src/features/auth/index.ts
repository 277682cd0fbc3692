/** Accounts and sessions: the public API other features, services.ts and app.ts use. */
export { type AccountLimiters, AccountService } from './account.js';
export { accountRoutes } from './account-routes.js';
export { authentication, signedInRoutes } from './authenticate.js';
export { isBcryptHash, PasswordHasher } from './passwords.js';
export type { Actor } from './policy.js';
export {
  authorsById,
  emailVerified,
  findUserByEmail,
  forgetAccount,
  insertUser,
  passwordHashOf,
  profileForExport,
} from './repo.js';
export { authRoutes } from './routes.js';
export { AuthService, DEMO_LEARNER_EMAIL, type SignedInUser } from './service.js';
export { sessionRoutes } from './session-routes.js';
export { SessionTokens } from './tokens.js';
export { TwoStepService } from './two-step.js';
export { TwoStepKeys } from './two-step-keys.js';
export { twoStepRoutes } from './two-step-routes.js';
