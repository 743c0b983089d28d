/**
 * The app's signature check refuses and accepts exactly what Bolt's verifySlackRequest does: Bolt
 * is the oracle for every case, and a request signed as Slack signs it (the emulator's signer) passes.
 */
import { verifySlackRequest } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../src/emulators/slack/index.js';
import { SignatureRefusal, slackSignatureCheck } from '../../../src/slack/kit/slack-signature.js';

const SECRET = 'unit-signing-secret';
const NOW_MS = 1_750_000_000_500;
const NOW_S = Math.floor(NOW_MS / 1000);
const BODY = 'command=%2Fresearch&text=revenue%20%3D%20growth&team_id=T1';
const GOOD = signSlackRequest(SECRET, NOW_S, BODY);

const MISMATCH = 'signature mismatch';
/** Each case, and the refusal expected (undefined: accepted). */
const CASES: Array<[string, { signature: string; timestamp: number; body?: string }, string | undefined]> = [
  ['signed now', { signature: GOOD, timestamp: NOW_S }, undefined],
  ['signed five minutes ago, to the second', { signature: signSlackRequest(SECRET, NOW_S - 300, BODY), timestamp: NOW_S - 300 }, undefined],
  [
    'a second staler than that',
    { signature: signSlackRequest(SECRET, NOW_S - 301, BODY), timestamp: NOW_S - 301 },
    'x-slack-request-timestamp is more than five minutes old (stale request)',
  ],
  ['signed with another secret', { signature: signSlackRequest('other-secret', NOW_S, BODY), timestamp: NOW_S }, MISMATCH],
  ['another body', { signature: GOOD, timestamp: NOW_S, body: `${BODY}&x=1` }, MISMATCH],
  ['another timestamp', { signature: GOOD, timestamp: NOW_S + 1 }, MISMATCH],
  ['a timestamp that is no number', { signature: GOOD, timestamp: Number.NaN }, 'x-slack-request-timestamp is not a number'],
  ['version v1', { signature: GOOD.replace('v0=', 'v1='), timestamp: NOW_S }, 'unknown signature version'],
  ['no version', { signature: GOOD.slice(3), timestamp: NOW_S }, 'unknown signature version'],
  ['the version alone', { signature: 'v0', timestamp: NOW_S }, MISMATCH],
  ['an empty hash', { signature: 'v0=', timestamp: NOW_S }, MISMATCH],
  ['the hash in capitals', { signature: `v0=${GOOD.slice(3).toUpperCase()}`, timestamp: NOW_S }, MISMATCH],
  ['the hash cut short', { signature: GOOD.slice(0, -2), timestamp: NOW_S }, MISMATCH],
  ['the hash and more', { signature: `${GOOD}00`, timestamp: NOW_S }, MISMATCH],
  // Bolt reads the part between the first two '=' as the hash, and so does the app.
  ['a third part after another =', { signature: `${GOOD}=x`, timestamp: NOW_S }, undefined],
  ['non-hex of the right length', { signature: `v0=${'zz'.repeat(32)}`, timestamp: NOW_S }, MISMATCH],
  ['multi-byte characters of the right length', { signature: `v0=${'é'.repeat(64)}`, timestamp: NOW_S }, MISMATCH],
];

function boltAccepts(signature: string, timestamp: number, body: string): boolean {
  try {
    verifySlackRequest({
      signingSecret: SECRET,
      body,
      headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
      nowMilliseconds: NOW_MS,
    });
    return true;
  } catch {
    return false;
  }
}

describe('slackSignatureCheck', () => {
  const check = slackSignatureCheck(SECRET);

  it.each(CASES)('decides as Bolt does: %s', (_name, { signature, timestamp, body = BODY }, reason) => {
    let refusal: unknown;
    try {
      check({ signature, timestamp, body, nowMs: NOW_MS });
    } catch (error) {
      refusal = error;
    }
    expect(refusal === undefined).toBe(boltAccepts(signature, timestamp, body));
    if (reason === undefined) expect(refusal).toBeUndefined();
    else {
      expect(refusal).toBeInstanceOf(SignatureRefusal);
      expect(refusal).toMatchObject({ name: 'SignatureRefusal', message: reason });
    }
  });

  it('prepares the secret as given: a multi-byte secret signs as Slack signs with it', () => {
    const secret = 'clé-secrète-ünïcode';
    const signature = signSlackRequest(secret, NOW_S, BODY);
    expect(() => slackSignatureCheck(secret)({ signature, timestamp: NOW_S, body: BODY, nowMs: NOW_MS })).not.toThrow();
  });

  it('refuses to be built without a secret', () => {
    expect(() => slackSignatureCheck('')).toThrow(/empty/);
  });
});
