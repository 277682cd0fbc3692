import { createHash, randomBytes } from 'node:crypto';
import {
  type AuditAction,
  RECOVERY_CODES,
  type RecoveryCodes,
  TWO_STEP_MESSAGES,
  TWO_STEP_TICKET_TTL_MS,
  type TwoStepChallenge,
  type TwoStepSetup,
  type TwoStepState,
  type TwoStepStatus,
} from '@yedyni/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { writeAudit } from '../../infra/audit.js';
import type { Clock } from '../../infra/clock.js';
import type { Db, Executor } from '../../infra/db/index.js';
import { AppError } from '../../infra/errors.js';
import { type AttemptCounter, takeAttempt } from '../../infra/rate-limit.js';
import type { PasswordHasher } from './passwords.js';
import { type Actor, requiresTwoStep } from './policy.js';
import { newRecoveryCode, normalizeRecoveryCode, type TwoStepKeys } from './two-step-keys.js';
import * as repo from './two-step-repo.js';

const PERIOD_SECONDS = 30;
const ISSUER = 'Єдині';

export interface TwoStepLimiters {
  /** Code attempts (and the password that goes with some) per account: failures count, successes give back. */
  code: AttemptCounter;
  /** The same per client address, whatever the account; invented tickets count here too. */
  codeFromAddress: AttemptCounter;
}

type Proof = 'app' | 'recovery';

/** What a code must be checked against: a set-up waiting for its first code, or two-step sign-in that is on. */
interface CodeCheck {
  userId: string;
  code: string;
  clientAddress: string;
  phase: 'setting-up' | 'on';
  /** Checked (argon2) in the same attempt as the code, before it. */
  password?: string;
  /** What the refusal is about, for the audit line: «вхід», «вимкнення»… */
  doing: string;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Two-step sign-in with TOTP (RFC 6238 through `otpauth`) and recovery codes (docs/domain.md
 * «Two-step sign-in»). The secret is kept sealed (TwoStepKeys) and leaves the server once, in the
 * set-up's answer; codes are limited per account and per address, a code's 30-second step is
 * taken once, and every step writes an audit line.
 */
export class TwoStepService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      keys: TwoStepKeys;
      passwords: PasswordHasher;
      limiters: TwoStepLimiters;
      /** Told when it is turned on or off, so remembered sessions take the new staff powers at once. */
      onChanged?: (userId: string) => void;
    },
  ) {}

  /** On or off, and whether the role requires it (sent with the current user). */
  async state(user: { id: string; role: Actor['role'] }): Promise<TwoStepState> {
    return this.stateOf(user, await this.isOn(user.id));
  }

  /** Whether the person has two-step sign-in on: readable before their role is known. */
  async isOn(userId: string): Promise<boolean> {
    return Boolean((await repo.findTwoStep(this.deps.db, userId))?.enabled_at);
  }

  stateOf(user: { role: Actor['role'] }, on: boolean): TwoStepState {
    return { on, required: requiresTwoStep(user) };
  }

  async status(actor: Actor): Promise<TwoStepStatus> {
    const state = await this.state(actor);
    return { ...state, recoveryCodesLeft: state.on ? await repo.recoveryCodesLeft(this.deps.db, actor.id) : 0 };
  }

  /**
   * After a right password: with two-step sign-in on, a ticket for the code step (and no
   * session); otherwise null, and the caller signs in.
   */
  async challenge(userId: string): Promise<TwoStepChallenge | null> {
    const { db, clock } = this.deps;
    const row = await repo.findTwoStep(db, userId);
    if (!row?.enabled_at) return null;
    const ticket = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = now + TWO_STEP_TICKET_TTL_MS;
    await repo.insertTicket(db, { tokenHash: hashTicket(ticket), userId, now, expiresAt });
    return { twoStep: { ticket, expiresAt } };
  }

  /** The code step of a sign-in: the ticket's person, once the code (or a recovery code) is right. The ticket is used once. */
  async redeem(ticket: string, code: string, clientAddress: string): Promise<string> {
    const { db, clock, limiters } = this.deps;
    const tokenHash = hashTicket(ticket);
    const live = await repo.findLiveTicket(db, tokenHash, clock.now());
    if (!live) {
      await limiters.codeFromAddress.consume(clientAddress);
      throw new AppError(400, TWO_STEP_MESSAGES.ticketExpired);
    }
    const userId = live.user_id;
    return this.withCode({ userId, code, clientAddress, phase: 'on', doing: 'вхід' }, async (trx, proof, now) => {
      if (!(await repo.useTicket(trx, tokenHash, now))) throw new AppError(400, TWO_STEP_MESSAGES.ticketExpired);
      await this.audit(
        trx,
        userId,
        'two-step.sign-in',
        proof === 'recovery' ? 'вхід із резервним кодом' : 'вхід із кодом',
        now,
        { proof },
      );
      return userId;
    });
  }

  /** A new secret for the app, after the password; it is on only once a first code confirms it (`enable`). */
  async begin(actor: Actor, password: string, clientAddress: string): Promise<TwoStepSetup> {
    const { db, clock, keys } = this.deps;
    if ((await repo.findTwoStep(db, actor.id))?.enabled_at) throw new AppError(409, TWO_STEP_MESSAGES.alreadyOn);
    const attempt = await takeAttempt(this.counters(actor.id, clientAddress));
    await this.checkPassword(actor.id, password, attempt, 'налаштування');
    await attempt.giveBack();
    const secret = new Secret({ size: 20 }).base32;
    const now = clock.now();
    const started = await db.transaction().execute(async (trx) => {
      if (!(await repo.startTwoStep(trx, { userId: actor.id, secret: keys.seal(secret, actor.id), now }))) return false;
      await this.audit(trx, actor.id, 'two-step.setup', 'почато налаштування двоетапного входу', now);
      return true;
    });
    if (!started) throw new AppError(409, TWO_STEP_MESSAGES.alreadyOn);
    const email = await this.emailOf(actor.id);
    const uri = totp(secret, email).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** The first code confirms the set-up: two-step sign-in is on, and ten recovery codes are shown, once. */
  async enable(actor: Actor, code: string, clientAddress: string): Promise<RecoveryCodes> {
    const result = await this.withCode(
      { userId: actor.id, code, clientAddress, phase: 'setting-up', doing: 'налаштування' },
      async (trx, _proof, now) => {
        if (!(await repo.turnOn(trx, actor.id, now))) throw new AppError(409, TWO_STEP_MESSAGES.alreadyOn);
        const recoveryCodes = await this.newRecoveryCodes(trx, actor.id);
        await this.audit(trx, actor.id, 'two-step.on', 'двоетапний вхід увімкнено', now);
        return { recoveryCodes };
      },
    );
    this.deps.onChanged?.(actor.id);
    return result;
  }

  /** Off, after the password and a current code (or a recovery code): the secret and the codes are deleted. */
  async disable(actor: Actor, password: string, code: string, clientAddress: string): Promise<TwoStepStatus> {
    await this.withCode(
      { userId: actor.id, code, clientAddress, phase: 'on', password, doing: 'вимкнення' },
      async (trx, proof, now) => {
        await repo.turnOff(trx, actor.id);
        await this.audit(trx, actor.id, 'two-step.off', 'двоетапний вхід вимкнено', now, { proof });
      },
    );
    this.deps.onChanged?.(actor.id);
    return this.status(actor);
  }

  /** Ten new recovery codes in place of the old ones, after the password and a current code. */
  async renewRecoveryCodes(
    actor: Actor,
    password: string,
    code: string,
    clientAddress: string,
  ): Promise<RecoveryCodes> {
    return this.withCode(
      { userId: actor.id, code, clientAddress, phase: 'on', password, doing: 'нові резервні коди' },
      async (trx, proof, now) => {
        const recoveryCodes = await this.newRecoveryCodes(trx, actor.id);
        await this.audit(trx, actor.id, 'two-step.codes', 'нові резервні коди', now, { proof });
        return { recoveryCodes };
      },
    );
  }

  /**
   * The operator's `reset-two-step` (a lost phone and lost codes, or a changed JWT_SECRET): off,
   * audited. Returns false when it was not on or the address is unknown.
   */
  async turnOffByOperator(email: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const userId = await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!user || !(await repo.findTwoStep(trx, user.id))) return undefined;
      await repo.turnOff(trx, user.id);
      await writeAudit(trx, {
        actorId: null,
        action: 'two-step.off',
        target: `user:${user.id}`,
        summary: `${email}: двоетапний вхід вимкнено (командний рядок)`,
        details: {},
        now,
      });
      return user.id;
    });
    if (userId) this.deps.onChanged?.(userId);
    return Boolean(userId);
  }

  private counters(userId: string, clientAddress: string): [AttemptCounter, string][] {
    return [
      [this.deps.limiters.codeFromAddress, clientAddress],
      [this.deps.limiters.code, userId],
    ];
  }

  /** A wrong password keeps the attempt's points and is audited; an error gives them back. */
  private async checkPassword(
    userId: string,
    password: string,
    attempt: { giveBack(): Promise<void> },
    doing: string,
  ): Promise<void> {
    const { db, passwords } = this.deps;
    let valid: boolean;
    try {
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      valid = await passwords.verify(user?.password_hash ?? undefined, password);
    } catch (error) {
      await attempt.giveBack();
      throw error;
    }
    if (!valid) {
      await this.audit(db, userId, 'two-step.refused', `${doing}: неправильний пароль`, this.deps.clock.now());
      throw new AppError(400, TWO_STEP_MESSAGES.wrongPassword);
    }
  }

  /**
   * One attempt: the points are taken first (per address, per account), then the password if one
   * is asked, then the code in a transaction with `then`. A right code gives the points back; a
   * wrong or replayed one keeps them, changes nothing and is audited.
   */
  private async withCode<T>(
    check: CodeCheck,
    then: (trx: Executor, proof: Proof, now: number) => Promise<T>,
  ): Promise<T> {
    const { db, clock } = this.deps;
    const attempt = await takeAttempt(this.counters(check.userId, check.clientAddress));
    if (check.password !== undefined) await this.checkPassword(check.userId, check.password, attempt, check.doing);
    let outcome: { value: T } | { refused: 'wrong' | 'used' | 'absent' };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await repo.findTwoStep(trx, check.userId);
        if (!row || Boolean(row.enabled_at) !== (check.phase === 'on')) return { refused: 'absent' as const };
        const proof = await this.proofOf(trx, row, check, now);
        if (proof === 'wrong' || proof === 'used') return { refused: proof };
        return { value: await then(trx, proof, now) };
      });
    } catch (error) {
      // Nothing was checked to the end (a lost race, an outage): the attempt does not count.
      await attempt.giveBack();
      throw error;
    }
    if ('refused' in outcome) {
      if (outcome.refused === 'absent') {
        await attempt.giveBack();
        throw new AppError(409, check.phase === 'on' ? TWO_STEP_MESSAGES.notOn : TWO_STEP_MESSAGES.notStarted);
      }
      const why = outcome.refused === 'used' ? 'повторно використаний код' : 'неправильний код';
      await this.audit(db, check.userId, 'two-step.refused', `${check.doing}: ${why}`, clock.now());
      throw new AppError(400, outcome.refused === 'used' ? TWO_STEP_MESSAGES.usedCode : TWO_STEP_MESSAGES.wrongCode);
    }
    await attempt.giveBack();
    return outcome.value;
  }

  /**
   * Six digits: a code of the app for this step or a neighbouring one (a phone's clock may be
   * off by one), taken only if its step is later than the last one taken. Anything else, once on:
   * a recovery code, used once.
   */
  private async proofOf(
    trx: Executor,
    row: { user_id: string; secret: string },
    check: CodeCheck,
    now: number,
  ): Promise<Proof | 'wrong' | 'used'> {
    const typed = check.code.replace(/\s+/g, '');
    if (/^\d{6}$/.test(typed)) {
      const secret = this.deps.keys.open(row.secret, row.user_id);
      if (!secret) return 'wrong';
      const delta = totp(secret).validate({ token: typed, timestamp: now, window: 1 });
      if (delta === null) return 'wrong';
      const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
      return (await repo.takeStep(trx, row.user_id, step)) ? 'app' : 'used';
    }
    if (check.phase !== 'on') return 'wrong';
    const hash = this.deps.keys.hashRecoveryCode(normalizeRecoveryCode(typed));
    return (await repo.useRecoveryCode(trx, row.user_id, hash, now)) ? 'recovery' : 'wrong';
  }

  private async newRecoveryCodes(trx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const hashes = codes.map((code) => this.deps.keys.hashRecoveryCode(normalizeRecoveryCode(code)));
    await repo.replaceRecoveryCodes(trx, userId, hashes);
    return codes;
  }

  private async emailOf(userId: string): Promise<string> {
    const user = await this.deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return user?.email ?? '';
  }

  /** An audit line about a person's own two-step sign-in: they are its actor and its target. No code or secret is in it. */
  private async audit(
    db: Executor,
    userId: string,
    action: Extract<AuditAction, `two-step.${string}`>,
    what: string,
    now: number,
    details: Record<string, string> = {},
  ): Promise<void> {
    const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    await writeAudit(db, {
      actorId: userId,
      action,
      target: `user:${userId}`,
      summary: `${user?.email ?? userId}: ${what}`,
      details,
      now,
    });
  }
}

/** The one TOTP every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}
