/**
 * Authenticated encryption of stored credentials (bot tokens, refresh tokens, service keys) with
 * AES-256-GCM from node:crypto. Several keys may be configured for rotation: the first (newest)
 * seals, any of them opens, and a sealed value names the key that sealed it (a fingerprint, never
 * the key), so old values keep opening while new writes use the new key.
 * @see https://nodejs.org/api/crypto.html#class-cipher
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
/** 96-bit nonces, as GCM recommends; random per value (2^32 values per key stay far below the collision bound). */
const IV_BYTES = 12;
const VERSION = 'v1';

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Seals and opens stored secrets; what the store is given (it never sees a key). */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** Sealed with an older key than the newest: worth sealing again (rotation). */
  isStale(sealed: string): boolean;
}

interface KeyEntry {
  id: string;
  key: Buffer;
}

/** A configured key: 32 bytes as base64 (44 characters) or hex (64 characters). */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const hex = /^[0-9a-fA-F]{64}$/.test(trimmed);
  const key = Buffer.from(trimmed, hex ? 'hex' : 'base64');
  // Node's base64 decoder skips what it cannot read: only a text that is the key's own encoding counts.
  return key.length === KEY_BYTES && (hex || key.toString('base64') === trimmed) ? key : undefined;
}

function keyId(key: Buffer): string {
  return createHash('sha256').update('research-desk secret box').update(key).digest('hex').slice(0, 8);
}

/** `keys` newest first. */
export function createSecretBox(keys: readonly Buffer[]): SecretBox {
  if (keys.length === 0) throw new SecretBoxError('at least one encryption key is needed');
  const entries: KeyEntry[] = keys.map((key) => {
    if (key.length !== KEY_BYTES) throw new SecretBoxError(`an encryption key must be ${KEY_BYTES} bytes`);
    return { id: keyId(key), key };
  });
  const [newest] = entries as [KeyEntry, ...KeyEntry[]];
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, newest.key, iv);
      // The key id is bound as associated data: a value cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(`${VERSION}.${newest.id}`));
      const body = Buffer.concat([cipher.update(Buffer.from(plaintext)), cipher.final()]);
      return [VERSION, newest.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
        '.',
      );
    },
    isStale: (sealed) => sealed.split('.')[1] !== newest.id,
    open(sealed) {
      const [version, id, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !id || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError('a stored secret is not in the sealed format');
      }
      const entry = entries.find((e) => e.id === id);
      if (!entry) throw new SecretBoxError(`a stored secret was sealed with a key that is no longer configured (key id ${id})`);
      try {
        const decipher = createDecipheriv(ALGORITHM, entry.key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${VERSION}.${id}`));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError(`a stored secret failed its integrity check (key id ${id})`);
      }
    },
  };
}
