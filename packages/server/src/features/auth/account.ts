import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type EmailChangeBody,
  type EmailLinkAnswer,
  type PasswordChangeBody,
  type ProfileBody,
  type User,
} from '@yedyni/contract';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import { type Db, type Executor, isUniqueViolation } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import type { Mailer } from '../../infra/mail.js';
import { type AttemptCounter, takeAttempt } from '../../infra/rate-limit.js';
import { hashEmailToken, issueEmailLink } from './email-links.js';
import { changeEmailMail, emailChangeNotice, maskEmail, verifyEmailMail } from './mails.js';
import { isCommonPassword, type PasswordHasher } from './passwords.js';
import { type Actor, auditsOwnAccount } from './policy.js';
import * as repo from './repo.js';
import type { AuthService, SignedInUser } from './service.js';

export interface AccountLimiters {
  /** Wrong current passwords per account: a session left open must not become a way to guess it. */
  password: AttemptCounter;
  /** Mails with a link (address check, address change) per account: nobody's mailbox is flooded. */
  mails: AttemptCounter;
  /** Links opened per client address: a token cannot be guessed, but each try costs a query. */
  links: AttemptCounter;
}

/**
 * A person's own account (docs/domain.md «My account»): names, the address and its check, the
 * password. Each change that matters asks for the current password; the address changes only
 * when the link mailed to the new one is opened.
 */
export class AccountService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      mailer: Mailer;
      passwords: PasswordHasher;
      auth: AuthService;
      limiters: AccountLimiters;
      publicUrl: string;
      log: Logger;
      /** The owner is told by e-mail, in the change's own transaction (as for a reset). */
      onPasswordChanged?: (trx: Executor, userId: string, how: 'signed-in', now: number) => Promise<void>;
      /**
       * The address was confirmed for the first time: what waited for it (an inviter's points, the
       * receipts) follows, in the same transaction, so it happens once or not at all.
       */
      onEmailVerified?: (trx: Executor, userId: string, now: number) => Promise<void>;
    },
  ) {}

  /** New first and last names (registration's rules); everything that shows a name reads it from the account. */
  async updateProfile(actor: SignedInUser, body: ProfileBody): Promise<User> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.setNames(trx, actor.id, body);
      await this.audit(trx, actor, 'account.profile', `Нове імʼя: ${body.first_name} ${body.last_name}`, now);
    });
    return this.deps.auth.currentUser(actor.id);
  }

  /**
   * A new password, the current one given: other sessions end if asked (this one stays), every
   * reset link and unfinished address change is spent, and the owner gets the notice mail.
   */
  async changePassword(actor: SignedInUser, body: PasswordChangeBody): Promise<{ message: string }> {
    const { db, clock, passwords } = this.deps;
    await this.checkPassword(actor.id, body.currentPassword);
    if (body.password === body.currentPassword) throw new AppError(400, ACCOUNT_MESSAGES.samePassword);
    if (isCommonPassword(body.password)) throw new AppError(400, AUTH_MESSAGES.commonPassword);
    const passwordHash = await passwords.hash(body.password);
    const now = clock.now();
    const ended = await db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, actor.id, passwordHash);
      const ended = body.endOtherSessions ? await repo.revokeOtherSessions(trx, actor.id, actor.sessionId, now) : [];
      await repo.expirePasswordResets(trx, actor.id, now);
      await repo.expireEmailTokens(trx, actor.id, now, 'change');
      const others = body.endOtherSessions ? `, інші сеанси завершено (${ended.length})` : '';
      await this.audit(trx, actor, 'account.password', `Новий пароль у кабінеті${others}`, now);
      await this.deps.onPasswordChanged?.(trx, actor.id, 'signed-in', now);
      return ended;
    });
    // Every instance forgets them (their sockets close) before the answer says they ended.
    if (ended.length > 0) await this.deps.auth.sessionsEnded({ userId: actor.id, except: actor.sessionId });
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }

  /**
   * Mails a link to the new address and a notice to the current one; the address changes only
   * when that link is opened. An address another account has is refused, with no more said
   * than registration says, and only behind the password.
   */
  async requestEmailChange(actor: SignedInUser, body: EmailChangeBody): Promise<{ message: string; user: User }> {
    const { db, clock, limiters, publicUrl } = this.deps;
    const user = await this.checkPassword(actor.id, body.currentPassword);
    const email = body.email;
    if (email === user.email) throw new AppError(400, ACCOUNT_MESSAGES.sameEmail);
    if (await repo.findUserByEmail(db, email)) throw new AppError(409, ACCOUNT_MESSAGES.emailTaken);
    await limiters.mails.consume(actor.id);
    const now = clock.now();
    const link = await db.transaction().execute(async (trx) => {
      const link = await issueEmailLink(trx, publicUrl, { userId: actor.id, purpose: 'change', email, now });
      await this.audit(trx, actor, 'account.email.request', `Запит на нову адресу ${maskEmail(email)}`, now);
      return link;
    });
    await this.deps.mailer.send(changeEmailMail(email, user.first_name, link));
    await this.deps.mailer.send(emailChangeNotice(user.email, user.first_name, email, 'asked'));
    return { message: ACCOUNT_MESSAGES.changeSent, user: await this.deps.auth.currentUser(actor.id) };
  }

  /** A fresh link to confirm the current address («надіслати ще раз»); earlier links stop working. */
  async resendVerification(actor: SignedInUser): Promise<{ message: string }> {
    const { db, clock, limiters, publicUrl } = this.deps;
    const user = await repo.findUserById(db, actor.id);
    if (!user) throw new AppError(401, AUTH_MESSAGES.unauthorized);
    if (user.email_verified_at !== null) throw new AppError(409, ACCOUNT_MESSAGES.alreadyVerified);
    await limiters.mails.consume(actor.id);
    const now = clock.now();
    const link = await db
      .transaction()
      .execute((trx) =>
        issueEmailLink(trx, publicUrl, { userId: actor.id, purpose: 'verify', email: user.email, now }),
      );
    await this.deps.mailer.send(verifyEmailMail(user.email, user.first_name, link));
    return { message: ACCOUNT_MESSAGES.verificationSent };
  }

  /**
   * Opens a mailed link, signed in or not (it may be opened on another device): once, before it
   * expires, and only for the address it was sent to.
   */
  async confirmEmailLink(token: string, clientAddress: string): Promise<EmailLinkAnswer> {
    const { db, clock, limiters } = this.deps;
    await limiters.links.consume(clientAddress);
    const now = clock.now();
    let changed: { from: string; firstName: string; to: string } | undefined;
    const answer = await db
      .transaction()
      .execute(async (trx): Promise<EmailLinkAnswer | undefined> => {
        const used = await repo.useEmailToken(trx, hashEmailToken(token), now);
        if (!used) return undefined;
        const user = await repo.findUserById(trx, used.user_id);
        if (!user) return undefined;
        let firstTime: boolean;
        if (used.purpose === 'verify') {
          // A link to an address the account no longer has confirms nothing.
          if (used.email !== user.email) return undefined;
          const marked = await repo.markEmailVerified(trx, user.id, used.email, now);
          firstTime = marked.numUpdatedRows === 1n;
        } else {
          firstTime = user.email_verified_at === null;
          const other = await repo.findUserByEmail(trx, used.email);
          if (other && other.id !== user.id) throw new AppError(409, ACCOUNT_MESSAGES.emailTaken);
          await repo.setVerifiedEmail(trx, user.id, used.email, now);
          await repo.expireEmailTokens(trx, user.id, now);
          const actor = { id: user.id, role: user.role };
          await this.audit(trx, actor, 'account.email', `Нова адреса ${maskEmail(used.email)} підтверджена`, now);
          changed = { from: user.email, firstName: user.first_name, to: used.email };
        }
        if (firstTime) await this.deps.onEmailVerified?.(trx, user.id, now);
        return {
          message: changed ? ACCOUNT_MESSAGES.emailChanged : ACCOUNT_MESSAGES.emailVerified,
          email: used.email,
        };
      })
      .catch((error: unknown) => {
        // Two accounts asked for one address at once: the second link finds it taken.
        if (isUniqueViolation(error)) throw new AppError(409, ACCOUNT_MESSAGES.emailTaken);
        throw error;
      });
    if (!answer) throw new AppError(400, ACCOUNT_MESSAGES.invalidEmailLink);
    const notice = changed;
    if (notice) {
      await this.deps.mailer
        .send(emailChangeNotice(notice.from, notice.firstName, notice.to, 'done'))
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'address change notice failed'));
    }
    return answer;
  }

  /**
   * The current password, checked under its own limit per account: a wrong one keeps its point
   * (and changes nothing), a right one gives it back.
   */
  private async checkPassword(userId: string, password: string) {
    const attempt = await takeAttempt([[this.deps.limiters.password, userId]]);
    let user: Awaited<ReturnType<typeof repo.findUserById>>;
    let valid: boolean;
    try {
      user = await repo.findUserById(this.deps.db, userId);
      const stored = user?.password_hash;
      valid = await this.deps.passwords.verify(stored, password, (upgraded) =>
        repo.upgradePasswordHash(this.deps.db, userId, stored ?? '', upgraded),
      );
    } catch (error) {
      await attempt.giveBack();
      throw error;
    }
    if (!user || !valid) throw new AppError(400, ACCOUNT_MESSAGES.wrongPassword);
    await attempt.giveBack();
    return user;
  }

  private async audit(trx: Executor, actor: Actor, action: AccountAuditAction, summary: string, now: number) {
    if (!auditsOwnAccount(actor)) return;
    await writeAudit(trx, { actorId: actor.id, action, target: `user:${actor.id}`, summary, now });
  }
}

type AccountAuditAction = 'account.profile' | 'account.password' | 'account.email.request' | 'account.email';
