import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256-GCM: a 32-byte key, a fresh 12-byte nonce per value, the secret's name as associated data. */
const ALGORITHM = 'aes-256-gcm';
export const SECRET_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const VERSION = 'v1';

/** A stored value the key cannot open: another key sealed it, or it was changed. */
export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
  constructor(name: string) {
    super(`Secret ${name} cannot be decrypted with this provider's key (was FLOW_SECRETS_KEY or the key file changed?): set it again`);
  }
}

/** Seals and opens secret values with one key. */
export interface SecretCipher {
  /** `v1.<nonce>.<tag>.<ciphertext>` (base64url); bound to `name`, so a value cannot be moved to another name. */
  seal(name: string, value: string): string;
  /** The value, or SecretUnreadableError. */
  open(name: string, sealed: string): string;
}

export function createSecretCipher(key: Buffer): SecretCipher {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`A secrets key has ${SECRET_KEY_BYTES} bytes, not ${key.length}`);
  return {
    seal(name, value) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce);
      cipher.setAAD(Buffer.from(name, 'utf8'));
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(name, sealed) {
      const [version, nonce, tag, data] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || tag === undefined || data === undefined) throw new SecretUnreadableError(name);
      try {
        const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(name, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError(name);
      }
    },
  };
}
