import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../../src/emulators/service/data/dataset.js';
import { tokenize } from '../../../src/emulators/service/tokenize.js';
import { optionsFromEnv, EnvConfigError } from '../../../src/emulators/service/emulator-env.js';

describe('demo dataset', () => {
  const ds = buildDataset();

  it('has 12+ companies across markets and 300+ documents in all seven categories', () => {
    expect(ds.companies.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ds.companies.map((c) => c.market))).toEqual(new Set(['cn', 'hk', 'us']));
    expect(ds.documents.length).toBeGreaterThanOrEqual(300);
    expect(new Set(ds.documents.map((d) => d.category))).toEqual(
      new Set(['financials', 'transcripts', 'reports', 'filings', 'news', 'socials', 'files']),
    );
    expect(new Set(ds.documents.map((d) => d.language))).toEqual(new Set(['zh', 'en']));
    expect(ds.documents.filter((d) => d.title.includes('茅台')).length).toBeGreaterThan(5);
    for (const d of ds.documents) {
      expect(new Set(d.chunks.map((c) => c.type))).toEqual(new Set(['text', 'table', 'image', 'formula']));
      expect(d.summary.length).toBeGreaterThan(10);
      expect(new Set(d.chunks.map((c) => c.id)).size).toBe(d.chunks.length);
    }
    expect(new Set(ds.documents.map((d) => d.id)).size).toBe(ds.documents.length);
  });

  it('is deterministic', () => {
    const again = buildDataset();
    expect(again.documents.map((d) => d.id)).toEqual(ds.documents.map((d) => d.id));
    expect(again.financials.get('US:NVDA')).toEqual(ds.financials.get('US:NVDA'));
  });
});

describe('tokenize', () => {
  it('splits CJK into bigrams and keeps English words', () => {
    expect(tokenize('贵州茅台 Q3 revenue')).toEqual(['贵州', '州茅', '茅台', 'q3', 'revenue']);
    expect(tokenize('茅')).toEqual(['茅']);
  });
});

describe('emulator environment', () => {
  it('reads defaults, variant, speed and faults', () => {
    expect(optionsFromEnv({})).toMatchObject({ port: 8787, apiKey: 'demo-key', variant: 'latest', agentSpeed: 1, faults: {} });
    expect(
      optionsFromEnv({
        PORT: '0',
        EMULATOR_VARIANT: 'legacy',
        EMULATOR_AGENT_SPEED: '50',
        EMULATOR_ERROR_RATE: '0.2',
        EMULATOR_DROP_STREAM_AFTER: '7',
      }),
    ).toMatchObject({ port: 0, variant: 'legacy', agentSpeed: 50, faults: { errorRate: 0.2, dropStreamAfterEvents: 7 } });
    expect(optionsFromEnv({ EMULATOR_VARIANT: 'published' }).variant).toBe('published');
  });

  it('anchors the demo data at EMULATOR_DATA_DATE, or at the start of today', () => {
    const now = Date.parse('2026-03-11T15:30:00Z');
    expect(optionsFromEnv({}, now).datasetAnchorMs).toBe(Date.parse('2026-03-11T00:00:00Z'));
    expect(optionsFromEnv({ EMULATOR_DATA_DATE: '2025-06-30' }, now).datasetAnchorMs).toBe(Date.parse('2025-06-30T00:00:00Z'));
    expect(() => optionsFromEnv({ EMULATOR_DATA_DATE: 'yesterday' }, now)).toThrow(/EMULATOR_DATA_DATE/);
  });

  it('names the variable on a bad value and never echoes the key', () => {
    expect(() => optionsFromEnv({ EMULATOR_ERROR_RATE: '3' })).toThrow(/EMULATOR_ERROR_RATE/);
    expect(() => optionsFromEnv({ EMULATOR_VARIANT: 'v9' })).toThrow(EnvConfigError);
    expect(() => optionsFromEnv({ EMULATOR_VARIANT: 'v9' })).toThrow(/legacy, schema, latest, published/);
    try {
      optionsFromEnv({ SERVICE_EMULATOR_KEY: '   ' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/SERVICE_EMULATOR_KEY/);
    }
  });
});
