import { describe, expect, it } from 'vitest';
import { formatResumeTable, type ResumeRow } from '../../bench/lib/resume-table.js';

const row = (app: string, instanceId: string, resumeMedianMs: number): ResumeRow => ({
  app,
  store: 'file',
  instanceId,
  samples: 3,
  resumeMedianMs,
  resumeAfterReadyMedianMs: resumeMedianMs - 900,
});

describe('formatResumeTable', () => {
  it('puts each configuration on one line, the apps side by side', () => {
    const text = formatResumeTable([row('app', 'fixed', 1020), row('app', 'unset', 1080), row('baseline', 'unset', 31_400)]);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/fixed.*app 1\.02 s \(0\.12 s; 3\)\s+baseline —/);
    expect(lines[2]).toMatch(/unset.*app 1\.08 s .*baseline 31\.40 s \(30\.50 s; 3\)/);
  });
});
