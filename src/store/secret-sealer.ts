/**
 * What the store needs of the secret box (src/secrets/secret-box.ts) to keep credentials
 * encrypted at rest. Declared here so the store depends on no layer above it.
 */
export interface SecretSealer {
  seal(plaintext: string): string;
  /** Throws when the value cannot be opened (wrong key, tampered). */
  open(sealed: string): string;
  /** Sealed with an older key: the store seals it again with the newest when it reads it. */
  isStale(sealed: string): boolean;
}
