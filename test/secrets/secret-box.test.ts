import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseEncryptionKey, SecretBoxError } from '../../src/secrets/secret-box.js';

const key = (): Buffer => randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed, and a sealed value shows nothing of the plaintext', () => {
    const box = createSecretBox([key()]);
    const sealed = box.seal('xoxb-very-secret-token');
    expect(sealed).not.toContain('secret');
    expect(box.open(sealed)).toBe('xoxb-very-secret-token');
  });

  it('seals the same text differently each time (random nonce)', () => {
    const box = createSecretBox([key()]);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('rotates: the newest key seals, an older key still opens what it sealed', () => {
    const [older, newer] = [key(), key()];
    const before = createSecretBox([older]).seal('old value');
    const rotated = createSecretBox([newer, older]);
    expect(rotated.open(before)).toBe('old value');
    const after = rotated.seal('new value');
    expect(createSecretBox([newer]).open(after)).toBe('new value');
    expect(() => createSecretBox([older]).open(after)).toThrow(/no longer configured/);
  });

  it('refuses a tampered value, and says so without the key or plaintext', () => {
    const box = createSecretBox([key()]);
    const parts = box.seal('service-key-123').split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SecretBoxError);
    expect(() => box.open('not sealed')).toThrow(/sealed format/);
  });

  it('parses 32-byte keys given as base64 or hex, and nothing else', () => {
    const raw = key();
    expect(parseEncryptionKey(raw.toString('base64'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(raw.toString('hex'))?.equals(raw)).toBe(true);
    expect(parseEncryptionKey('too-short')).toBeUndefined();
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toBeUndefined();
  });
});
