import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/doctor/check-result.js';
import { renderReport } from '../../src/doctor/render-report.js';

const rows: CheckResult[] = [
  { endpoint: 'POST /v1/search', status: 'ok', ms: 12, variant: 'paging legacy, docs id/ISO' },
  { endpoint: 'GET /v1/concepts/latest', status: 'fail', ms: 3, problem: 'not found (HTTP 404)' },
  { endpoint: 'Slack', status: 'skip', problem: 'no SLACK_BOT_TOKEN' },
];

describe('renderReport', () => {
  it('pads every column but the last, one row per check, then the verdict', () => {
    const lines = renderReport(rows).split('\n');
    expect(lines[0]).toBe('endpoint                 status  ms  variant                     problem');
    expect(lines[1]).toBe('POST /v1/search          ok      12  paging legacy, docs id/ISO');
    expect(lines[2]).toBe('GET /v1/concepts/latest  fail    3                               not found (HTTP 404)');
    expect(lines[3]).toBe('Slack                    skip    -                               no SLACK_BOT_TOKEN');
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('Not ready: 1 of 3 checks failed (1 ok, 1 fail, 1 skip); the problem column says why.');
  });

  it('says ready when nothing failed; warnings and skips do not stop going live', () => {
    const ready = renderReport([rows[0]!, { endpoint: 'Slack bot scopes', status: 'warn', problem: 'no header' }, rows[2]!]);
    expect(ready.split('\n').at(-1)).toBe('Ready to go live: every check the app needs passed (1 ok, 1 warn, 1 skip).');
  });
});
