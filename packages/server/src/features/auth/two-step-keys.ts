import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/** The format of a sealed secret: a version, then base64url IV, tag and ciphertext. */
const SEALED = /^v1\.([\w-]+)\.([\w-]+)\.([\w-]+)$/;

/**
 * The keys two-step sign-in keeps its secrets under, derived (HKDF-SHA256) from the server's
 * secret (JWT_SECRET), which neither the database nor a backup holds: a copy of either reveals no
 * TOTP secret and lets nobody check a guessed recovery code offline. The derivations are named,
 * so neither key is ever the session tokens' key.
 */
export class TwoStepKeys {
  private readonly sealing: Buffer;
  private readonly hashing: Buffer;

  constructor(serverSecret: string) {
    const derive = (purpose: string) =>
      Buffer.from(hkdfSync('sha256', serverSecret, 'yedyni', `two-step ${purpose}`, 32));
    this.sealing = derive('secret');
    this.hashing = derive('recovery codes');
  }

  /** AES-256-GCM under a fresh IV; the user id is the associated data, so a sealed secret moved to another row fails. */
  seal(secret: string, userId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealing, iv);
    cipher.setAAD(Buffer.from(userId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or undefined when it was sealed under another server secret (or altered). */
  open(sealed: string, userId: string): string | undefined {
    const parts = SEALED.exec(sealed);
    if (!parts) return undefined;
    const [, iv, tag, data] = parts.map((part) => Buffer.from(part, 'base64url'));
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealing, iv as Buffer);
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(tag as Buffer);
      return Buffer.concat([decipher.update(data as Buffer), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The stored form of a recovery code: HMAC-SHA256 of it as normalized (see `normalizeRecoveryCode`). */
  hashRecoveryCode(code: string): string {
    return createHmac('sha256', this.hashing).update(code).digest('hex');
  }
}

/** Letters and digits nobody misreads (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: `xxxxx-xxxxx`, 10 characters of 31 (about 49 bits). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A typed code as it is compared: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}
