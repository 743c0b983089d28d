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

  it('opens a value sealed by an earlier release: the stored format (v1, key id, nonce, tag, body) stays readable', () => {
    const fixed = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
    const box = createSecretBox([fixed]);
    expect(box.open('v1.03e6750b.vBLtAjB1VPWvN5Ij.yFVojeCDbydFtxU3qS9vjw.oDyd1O7xDKZwlRvABLKEI18')).toBe('xoxb-密钥-token');
    expect(box.open('v1.03e6750b.JXuwT-N2X7vUzwPZ.ng02r64_mRArWc4X3qBOJw.')).toBe('');
    expect(box.seal('x')).toMatch(/^v1\.03e6750b\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  });

  it('seals and opens an empty secret (an empty body is still the sealed format)', () => {
    const box = createSecretBox([key()]);
    expect(box.open(box.seal(''))).toBe('');
  });

  it('refuses a value that is not exactly version, key id, nonce, tag and body, naming the format', () => {
    const box = createSecretBox([key()]);
    const [version, id, iv, tag, body] = box.seal('service-key-123').split('.') as [string, string, string, string, string];
    for (const malformed of [
      ['v2', id, iv, tag, body],
      [version, '', iv, tag, body],
      [version, id, '', tag, body],
      [version, id, iv, '', body],
      [version, id, iv, tag],
      [version, id, iv, tag, body, 'extra'],
    ]) {
      expect(() => box.open(malformed.join('.')), malformed.join('.')).toThrow(
        expect.objectContaining({ name: 'SecretBoxError', message: 'a stored secret is not in the sealed format' }),
      );
    }
  });

  it('names the failed integrity check and the key id, and nothing of the key or plaintext', () => {
    const box = createSecretBox([key()]);
    const parts = box.seal('service-key-123').split('.');
    parts[3] = Buffer.alloc(16).toString('base64url');
    const error = (() => {
      try {
        box.open(parts.join('.'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SecretBoxError);
    expect((error as Error).message).toBe(`a stored secret failed its integrity check (key id ${parts[1]})`);
  });

  it('tells a value sealed with an older key (worth sealing again) from one sealed with the newest', () => {
    const [older, newer] = [key(), key()];
    const oldValue = createSecretBox([older]).seal('token');
    const rotated = createSecretBox([newer, older]);
    expect(rotated.isStale(oldValue)).toBe(true);
    expect(rotated.isStale(rotated.seal('token'))).toBe(false);
    expect(createSecretBox([older, newer]).isStale(oldValue)).toBe(false);
  });

  it('refuses to build without a key, or with a key that is not 32 bytes', () => {
    expect(() => createSecretBox([])).toThrow(new SecretBoxError('at least one encryption key is needed'));
    expect(() => createSecretBox([key(), randomBytes(16)])).toThrow(new SecretBoxError('an encryption key must be 32 bytes'));
  });

  it('parses a key with spaces or a newline around it, and refuses one padded with extra hex or non-canonical base64', () => {
    const raw = key();
    expect(parseEncryptionKey(`  ${raw.toString('base64')}\n`)?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(` ${raw.toString('hex')}\n`)?.equals(raw)).toBe(true);
    expect(parseEncryptionKey(`a${raw.toString('hex')}`)).toBeUndefined();
    expect(parseEncryptionKey(`${raw.toString('hex')}a`)).toBeUndefined();
    expect(parseEncryptionKey(raw.toString('base64').replace(/=+$/, ''))).toBeUndefined();
    expect(parseEncryptionKey(raw.toString('base64url'))).toBeUndefined();
  });
});
