import { randomUUID } from 'node:crypto';
import {
  type AccountAbilities,
  type AccountSessions,
  AUTH_MESSAGES,
  type AuthResponse,
  type DeviceKind,
  type EndedSessions,
  type LoginAnswer,
  normalizeApostrophes,
  RECOVERY_ANSWER,
  REGISTRATION_POINTS,
  RESET_TOKEN_TTL_MS,
  type Role,
  SESSION_MESSAGES,
  type User,
} from '@yedyni/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Executor } from '../../infra/db/index.js';
import { type Db, isUniqueViolation } from '../../infra/db/index.js';
import { ROOT_USER_ID } from '../../infra/db/root-account.js';
import { AppError } from '../../infra/errors.js';
import type { Mailer } from '../../infra/mail.js';
import { type AttemptCounter, takeAttempt } from '../../infra/rate-limit.js';
import { addFootprint } from '../support/index.js';
import { issueEmailLink } from './email-links.js';
import { resetPasswordMail, verifyEmailMail } from './mails.js';
import { type SignInOrigin, sessionOrigin } from './origin.js';
import { isCommonPassword, type PasswordHasher } from './passwords.js';
import { type Actor, canEndSession, requiresTwoStep } from './policy.js';
import * as repo from './repo.js';
import { hashResetToken, newResetToken, SESSION_TTL_MS, type SessionTokens } from './tokens.js';
import type { TwoStepService } from './two-step.js';

export interface AuthLimiters {
  /** Failed logins per client address and email. */
  login: AttemptCounter;
  /** Failed logins per client address, whatever the email (one password sprayed over many accounts). */
  loginFromAddress: AttemptCounter;
  /** Failed logins per email from any address: slowed down, never locked. */
  loginToAccount: AttemptCounter;
  /** Registrations per client address. */
  register: AttemptCounter;
  /** Recovery requests per email, and per client address. */
  recovery: AttemptCounter;
  recoveryFromAddress: AttemptCounter;
  /** Password resets (link and new password) per client address. */
  reset: AttemptCounter;
}

export interface SignedInUser {
  id: string;
  role: Role;
  sessionId: string;
  /** A curator or admin without two-step sign-in: staff powers wait for it (auth/policy.ts). */
  staffWithoutTwoStep: boolean;
}

/** Sessions that ended: one, or all of a user's (but `except`, the one the person stays in). */
export type EndedTarget = { sessionId: string } | { userId: string; except?: string };

export interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  inviterId?: string | undefined;
  role?: Role;
  /**
   * Registration: the address is confirmed by a mailed link. Accounts the operator or the demo
   * seed make have addresses someone vouched for, and count as confirmed.
   */
  confirmByMail?: boolean;
}

/** Registration, the operator's create-user and a reset take no password from the breach lists. */
function refuseCommon(password: string): void {
  if (isCommonPassword(password)) throw new AppError(400, AUTH_MESSAGES.commonPassword);
}

const DAY_MS = 24 * 60 * 60 * 1000;

const link = (publicUrl: string, token: string) => `${publicUrl}/reset/${token}`;

/** The demo learner `/resume` signs into; seeded outside production. */
export const DEMO_LEARNER_EMAIL = 'learner@example.org';

/**
 * How long HTTP requests on one instance may rely on a session this instance found live, before
 * the database is asked again. Logout, password reset and role changes on this instance take
 * effect at once (they drop what was remembered); ended sessions are also dropped at once by every
 * other instance (endedEverywhere). A role changed on another instance, by the operator's command
 * line or anything straight in the database is seen within this time.
 */
export const SESSION_RECHECK_MS = 5_000;
/** At most this many tokens are remembered; the oldest go first. */
const REMEMBERED_SESSIONS_MAX = 20_000;
/**
 * A session's «last seen» is written when it is found in use this long after the written one: one
 * write a minute at most per session, on the lookups that read the row anyway (never on a request
 * answered from what this instance remembers). So it is exact to a minute and some seconds.
 */
export const LAST_SEEN_EVERY_MS = 60_000;

interface RememberedSession {
  user: SignedInUser;
  checkedAt: number;
  /** The session's own end: never trusted past it. */
  expiresAt: number;
}

export class AuthService {
  /** Sessions recently found live, by token (so neither the signature nor the row is checked again). */
  private readonly remembered = new Map<string, RememberedSession>();
  /** Moves on every forget: a lookup that overlapped one is not remembered. */
  private forgets = 0;
  /** Work begun after an answer went out, until it ends. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      /** For the session's «last used» time: a write whose last second a database crash may lose (infra/db). */
      asyncCommitDb: Db;
      tokens: SessionTokens;
      clock: Clock;
      mailer: Mailer;
      passwords: PasswordHasher;
      limiters: AuthLimiters;
      /** Asks for the code after a right password when the account has two-step sign-in on. */
      twoStep: TwoStepService;
      publicUrl: string;
      demoEnabled: boolean;
      log: Logger;
      /**
       * What an account may do beyond its own learning, sent with the current user: the other
       * domains' policies decide it (services.ts builds it), so auth imports none of them.
       */
      accountAbilities: (actor: Actor) => AccountAbilities;
      /** Registration enrols the new learner in the starter courses, in the same transaction. */
      onAccountCreated?: (trx: Executor, userId: string, now: number) => Promise<void>;
      /**
       * A password changed (a reset or the operator's set-password): the owner is told by e-mail,
       * in the same transaction, so a change that rolls back tells nobody.
       */
      onPasswordChanged?: (
        trx: Executor,
        userId: string,
        how: 'reset' | 'operator' | 'signed-in',
        now: number,
      ) => Promise<void>;
      /**
       * Told after sessions end: their open sockets are closed and every other instance forgets
       * them, at once. It rejects when some instance may not have heard (Redis away, no answer).
       */
      onSessionsEnded?: (ended: EndedTarget) => Promise<void> | void;
      /** Told of every sign-in before its session is made (a pending account deletion is cancelled by it). */
      onSignedIn?: (userId: string) => Promise<void>;
      /** A session unused this long ends (SESSION_IDLE_DAYS). */
      idleMs: number;
    },
  ) {}

  async register(input: NewAccount, clientAddress: string, userAgent?: string): Promise<AuthResponse> {
    await this.deps.limiters.register.consume(clientAddress);
    const userId = await this.createAccount({ ...input, confirmByMail: true });
    return this.signIn(userId, { address: clientAddress, userAgent });
  }

  /**
   * Creates an account with its footprint rows in one transaction. The inviter is the owner of
   * the invitation link, or the organisation's root account when there is none or it is stale.
   * Used by registration, the operator's command line and the demo seed.
   */
  async createAccount(input: NewAccount): Promise<string> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const userId = randomUUID();
    refuseCommon(input.password);
    const passwordHash = await this.deps.passwords.hash(input.password);
    let verifyLink: string | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        const inviter = input.inviterId ? await repo.userExists(trx, input.inviterId) : undefined;
        const inviterId = inviter?.id ?? ROOT_USER_ID;
        await repo.insertUser(trx, {
          id: userId,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          password_hash: passwordHash,
          role: input.role ?? 'user',
          inviter_id: inviterId,
          created_at: now,
          mark: 0,
          email_verified_at: input.confirmByMail ? null : now,
        });
        if (input.confirmByMail) {
          verifyLink = await issueEmailLink(trx, this.deps.publicUrl, {
            userId,
            purpose: 'verify',
            email: input.email,
            now,
          });
        }
        await addFootprint(trx, {
          userId,
          points: REGISTRATION_POINTS,
          comment: 'Реєстрація на платформі',
          sourceKey: `registration:${userId}`,
          date: now,
        });
        await this.deps.onAccountCreated?.(trx, userId, now);
        // The inviter's points wait until this person really starts (support/footprint.ts › creditInvitation).
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, AUTH_MESSAGES.emailTaken);
      throw error;
    }
    const link = verifyLink;
    if (link) {
      const mail = verifyEmailMail(input.email, normalizeApostrophes(input.first_name), link);
      this.afterAnswer(() => this.deps.mailer.send(mail), 'verification mail failed');
    }
    return userId;
  }

  async login(email: string, password: string, clientAddress: string, userAgent?: string): Promise<LoginAnswer> {
    // Taken before the password is checked, atomically: of a burst of simultaneous guesses only as
    // many as the limit are ever checked. A failure keeps its point; a success, or an attempt that
    // could not be checked, gives back its own point only (failures counted meanwhile stay).
    const { limiters } = this.deps;
    const attempt = await takeAttempt([
      [limiters.login, `${clientAddress}|${email}`],
      [limiters.loginFromAddress, clientAddress],
      [limiters.loginToAccount, email],
    ]);
    let user: Awaited<ReturnType<typeof repo.findUserByEmail>>;
    let valid: boolean;
    try {
      user = await repo.findUserByEmail(this.deps.db, email);
      const found = user;
      valid = await this.deps.passwords.verify(found?.password_hash, password, (upgraded) =>
        repo.upgradePasswordHash(this.deps.db, found?.id ?? '', found?.password_hash ?? '', upgraded),
      );
    } catch (error) {
      await attempt.giveBack();
      throw error;
    }
    if (!user || !valid) throw new AppError(401, AUTH_MESSAGES.wrongCredentials);
    await attempt.giveBack();
    return this.signInOrAskCode(user.id, { address: clientAddress, userAgent });
  }

  /** The code step: the ticket from the password step and a code (or a recovery code) make the session. */
  async completeTwoStep(
    ticket: string,
    code: string,
    clientAddress: string,
    userAgent?: string,
  ): Promise<AuthResponse> {
    return this.signIn(await this.deps.twoStep.redeem(ticket, code, clientAddress), {
      address: clientAddress,
      userAgent,
    });
  }

  /** No session before the code: with two-step sign-in on, a ticket for the code step instead. */
  private async signInOrAskCode(userId: string, origin: SignInOrigin): Promise<LoginAnswer> {
    return (await this.deps.twoStep.challenge(userId)) ?? this.signIn(userId, origin);
  }

  /** Signs into the demo learner: the «further sign-in action» behind `/resume`. */
  async demoLogin(origin: SignInOrigin): Promise<AuthResponse> {
    const user = this.deps.demoEnabled ? await repo.findUserByEmail(this.deps.db, DEMO_LEARNER_EMAIL) : undefined;
    if (!user) throw new AppError(404, AUTH_MESSAGES.demoDisabled);
    return this.signIn(user.id, origin);
  }

  /**
   * Answers the same for every address, at once; mails a one-hour, single-use link when it is
   * known. Flat by construction: after the limits (the same for every address) the answer waits
   * for nothing, and the lookup, the reset row and the mail happen after it, so a known address
   * cannot answer later than an unknown one.
   */
  async requestRecovery(email: string, clientAddress: string): Promise<{ message: string }> {
    const { limiters } = this.deps;
    await limiters.recoveryFromAddress.consume(clientAddress);
    await limiters.recovery.consume(email);
    this.afterAnswer(() => this.mailResetLink(email), 'reset mail failed');
    return { message: RECOVERY_ANSWER };
  }

  private async mailResetLink(email: string): Promise<void> {
    const { db, clock } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user?.password_hash) return;
    const now = clock.now();
    const { token, tokenHash } = newResetToken();
    await repo.insertPasswordReset(db, { tokenHash, userId: user.id, now, expiresAt: now + RESET_TOKEN_TTL_MS });
    await this.deps.mailer.send(resetPasswordMail(user.email, user.first_name, link(this.deps.publicUrl, token)));
  }

  /**
   * Runs `work` once the current answer has gone out (setImmediate: after the reply is written).
   * A failure is logged, never dropped; `settle` waits for what is still running (shutdown).
   */
  afterAnswer(work: () => Promise<void>, failure: string): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.deps.log.error({ err: error }, failure))
      .finally(() => this.background.delete(running));
    this.background.add(running);
  }

  /** Waits for the work begun after answers (mail of reset links) to finish. */
  async settle(): Promise<void> {
    while (this.background.size) await Promise.all(this.background);
  }

  /** Sets a new password, ends every session of the user and every other reset link, signs in. */
  async resetPassword(
    token: string,
    password: string,
    clientAddress: string,
    userAgent?: string,
  ): Promise<LoginAnswer> {
    const { db, clock, limiters } = this.deps;
    await limiters.reset.consume(clientAddress);
    const tokenHash = hashResetToken(token);
    // The link first: an invented one must cost no hash. It is used (once, atomically) only below.
    if (!(await repo.findLivePasswordReset(db, tokenHash, clock.now()))) {
      throw new AppError(400, AUTH_MESSAGES.invalidResetToken);
    }
    refuseCommon(password);
    const passwordHash = await this.deps.passwords.hash(password);
    const now = clock.now();
    const userId = await db.transaction().execute(async (trx) => {
      const reset = await repo.usePasswordReset(trx, tokenHash, now);
      if (!reset) return undefined;
      await repo.setPassword(trx, reset.user_id, passwordHash);
      await repo.revokeAllSessions(trx, reset.user_id, now);
      await repo.expirePasswordResets(trx, reset.user_id, now);
      await repo.expireEmailTokens(trx, reset.user_id, now, 'change');
      await this.deps.onPasswordChanged?.(trx, reset.user_id, 'reset', now);
      return reset.user_id;
    });
    if (!userId) throw new AppError(400, AUTH_MESSAGES.invalidResetToken);
    await this.endedEverywhere({ userId });
    // A mailbox is no second factor: with two-step sign-in on, the new password still asks for the code.
    return this.signInOrAskCode(userId, { address: clientAddress, userAgent });
  }

  /**
   * The operator's `set-password` (e.g. the demo accounts of a database going to production): the
   * same rules as a reset, every session of the user ended, an audit line in the same transaction.
   * Throws 404 for an unknown email or the root account.
   */
  async setPasswordByOperator(email: string, password: string): Promise<void> {
    const { db, clock } = this.deps;
    refuseCommon(password);
    const passwordHash = await this.deps.passwords.hash(password);
    const now = clock.now();
    const userId = await db.transaction().execute(async (trx) => {
      const user = await repo.findUserByEmail(trx, email);
      if (!user?.password_hash) return undefined;
      await repo.setPassword(trx, user.id, passwordHash);
      await repo.revokeAllSessions(trx, user.id, now);
      await repo.expirePasswordResets(trx, user.id, now);
      await repo.expireEmailTokens(trx, user.id, now, 'change');
      await writeAudit(trx, {
        actorId: null,
        action: 'user.password',
        target: `user:${user.id}`,
        summary: `${email}: новий пароль (командний рядок)`,
        details: {},
        now,
      });
      await this.deps.onPasswordChanged?.(trx, user.id, 'operator', now);
      return user.id;
    });
    if (!userId) throw new AppError(404, AUTH_MESSAGES.userNotFound);
    await this.endedEverywhere({ userId });
  }

  async logout(sessionId: string): Promise<void> {
    await repo.revokeSession(this.deps.db, sessionId, this.deps.clock.now());
    await this.endedEverywhere({ sessionId });
  }

  /** «Де я увійшов»: the caller's live sessions, theirs alone, the one they came with marked. */
  async listSessions(actor: SignedInUser): Promise<AccountSessions> {
    const now = this.deps.clock.now();
    const rows = await repo.listLiveSessions(this.deps.db, actor.id, now, now - this.deps.idleMs);
    // This one first, then the most recently used.
    const ordered = [
      ...rows.filter((row) => row.id === actor.sessionId),
      ...rows.filter((row) => row.id !== actor.sessionId),
    ];
    return {
      sessions: ordered.map((row) => ({
        _id: row.id,
        device: row.device,
        deviceKind: row.device_kind as DeviceKind | null,
        place: row.place,
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
        current: row.id === actor.sessionId,
      })),
      idleDays: Math.round(this.deps.idleMs / DAY_MS),
    };
  }

  /**
   * «Вийти тут» for one of the caller's sessions (this one too). Someone else's session answers
   * exactly as one that does not exist, and is left as it was.
   */
  async endSession(actor: SignedInUser, sessionId: string): Promise<void> {
    const session = await repo.findSessionOwner(this.deps.db, sessionId);
    if (!session || !canEndSession(actor, session)) throw new AppError(404, SESSION_MESSAGES.notFound);
    await this.logout(session.id);
  }

  /** «Вийти всюди»: every other session of the caller, or every one with this one. */
  async endAllSessions(actor: SignedInUser, includingThis: boolean): Promise<EndedSessions> {
    const now = this.deps.clock.now();
    const keep = includingThis ? null : actor.sessionId;
    const ended = await repo.revokeSessionsOf(this.deps.db, actor.id, keep, now, now - this.deps.idleMs);
    await this.endedEverywhere(keep ? { userId: actor.id, except: keep } : { userId: actor.id });
    return { ended: ended.length };
  }

  /** The minute's sweep: rows of sessions that can never be used again (revoked, expired, idle) go. */
  sweepEndedSessions(now: number): Promise<number> {
    return repo.deleteEndedSessions(this.deps.db, now, now - this.deps.idleMs);
  }

  /**
   * After sessions ended in the database: this instance forgets them, and the answer waits until
   * every other one has too (or, if that cannot be known, until what they remember has run out),
   * so that no instance serves an ended session after the person is told it ended.
   */
  private async endedEverywhere(target: EndedTarget): Promise<void> {
    const started = performance.now();
    this.forget(target);
    try {
      await this.deps.onSessionsEnded?.(target);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'not every instance confirmed ended sessions; waiting out what they remember');
      const left = SESSION_RECHECK_MS - (performance.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  }

  /** Which of these sessions still live (not revoked, expired or idle). */
  async liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    const now = this.deps.clock.now();
    // In slices: thousands of sockets must not become one statement with thousands of parameters.
    for (let i = 0; i < sessionIds.length; i += 500) {
      const rows = await repo.liveSessionIds(this.deps.db, sessionIds.slice(i, i + 500), now, now - this.deps.idleMs);
      for (const row of rows) live.add(row.id);
    }
    return live;
  }

  /**
   * The user behind a bearer token, or null when the token is bad, expired or revoked. Always asks
   * the database: sockets use it for their handshake and for every event.
   */
  async authenticate(token: string): Promise<SignedInUser | null> {
    return (await this.lookUp(token, this.deps.clock.now()))?.user ?? null;
  }

  /**
   * As authenticate, for HTTP requests: a session this instance found live less than
   * SESSION_RECHECK_MS ago is taken as it was (a page load sends several requests at once, and
   * each would otherwise verify the token and read the session again).
   */
  async authenticateRequest(token: string): Promise<SignedInUser | null> {
    const now = this.deps.clock.now();
    const known = this.remembered.get(token);
    if (known && now - known.checkedAt < SESSION_RECHECK_MS && now < known.expiresAt) return { ...known.user };
    if (known) this.remembered.delete(token);
    const forgets = this.forgets;
    const found = await this.lookUp(token, now);
    if (!found) return null;
    // A logout that ran while the row was read may have been about this very session.
    if (forgets === this.forgets) {
      if (this.remembered.size >= REMEMBERED_SESSIONS_MAX) {
        this.remembered.delete(this.remembered.keys().next().value as string);
      }
      this.remembered.set(token, { user: found.user, checkedAt: now, expiresAt: found.expiresAt });
    }
    return { ...found.user };
  }

  /** Drops remembered sessions: one, or every one of a user (password reset, a new role) but `except`. */
  forget(target: EndedTarget): void {
    this.forgets += 1;
    for (const [token, known] of this.remembered) {
      const match =
        'sessionId' in target
          ? known.user.sessionId === target.sessionId
          : known.user.id === target.userId && known.user.sessionId !== target.except;
      if (match) this.remembered.delete(token);
    }
  }

  private async lookUp(token: string, now: number): Promise<{ user: SignedInUser; expiresAt: number } | null> {
    const claims = await this.deps.tokens.verify(token, now);
    if (!claims) return null;
    const { db, idleMs } = this.deps;
    const session = await repo.findLiveSession(db, claims.sessionId, claims.userId, now, now - idleMs);
    if (!session) return null;
    let lastSeen = Number(session.last_seen_at);
    if (now - lastSeen >= LAST_SEEN_EVERY_MS) {
      await repo.touchSession(this.deps.asyncCommitDb, claims.sessionId, now, LAST_SEEN_EVERY_MS);
      lastSeen = now;
    }
    return {
      user: {
        id: session.id,
        role: session.role,
        sessionId: claims.sessionId,
        staffWithoutTwoStep: requiresTwoStep(session) && session.two_step_on === null,
      },
      // Remembered never past its idle end either: every instance refuses it then, untold.
      expiresAt: Math.min(Number(session.expires_at), lastSeen + idleMs),
    };
  }

  /** The API's `User`, with its abilities; undefined when there is no such account. */
  async findUser(userId: string): Promise<User | undefined> {
    const found = await repo.loadUser(this.deps.db, userId, this.deps.clock.now());
    if (!found) return undefined;
    const { user, twoStepOn } = found;
    const actor = { id: user._id, role: user.role };
    return {
      ...user,
      abilities: this.deps.accountAbilities(actor),
      twoStep: this.deps.twoStep.stateOf(actor, twoStepOn),
    };
  }

  async currentUser(userId: string): Promise<User> {
    const user = await this.findUser(userId);
    if (!user) throw new AppError(401, AUTH_MESSAGES.unauthorized);
    return user;
  }

  /**
   * Ends every session of the user in the caller's transaction (an account deletion); call
   * `sessionsEnded` once it has committed.
   */
  async revokeAllSessions(trx: Executor, userId: string, now: number): Promise<void> {
    await repo.revokeAllSessions(trx, userId, now);
    await repo.expirePasswordResets(trx, userId, now);
  }

  /** After `revokeAllSessions` committed: no instance keeps trusting them, and their sockets close. */
  sessionsEnded(target: EndedTarget): Promise<void> {
    return this.endedEverywhere(target);
  }

  private async signIn(userId: string, origin: SignInOrigin): Promise<AuthResponse> {
    await this.deps.onSignedIn?.(userId);
    const now = this.deps.clock.now();
    const sessionId = randomUUID();
    const expiresAt = now + SESSION_TTL_MS;
    await repo.insertSession(this.deps.db, { id: sessionId, userId, now, expiresAt, origin: sessionOrigin(origin) });
    const token = await this.deps.tokens.sign({ userId, sessionId }, now, expiresAt);
    return { token, user: await this.currentUser(userId) };
  }
}
