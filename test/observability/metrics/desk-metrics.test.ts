import { describe, expect, it } from 'vitest';
import { createDeskMetrics } from '../../../src/observability/metrics/desk-metrics.js';

describe('createDeskMetrics', () => {
  it('exports both vote series at 0 before any vote, so the first vote shows as an increase', async () => {
    const text = await createDeskMetrics().registry.metrics();
    for (const series of ['research_desk_feedback_votes_total', 'research_desk_feedback_votes_withdrawn_total'])
      for (const vote of ['positive', 'negative']) expect(text).toContain(`${series}{vote="${vote}"} 0\n`);
  });

  it('counts a vote as it is recorded and a changed vote on both sides', async () => {
    const metrics = createDeskMetrics();
    metrics.voteRecorded('positive', null);
    metrics.voteRecorded('negative', 'positive');
    const text = await metrics.registry.metrics();
    expect(text).toContain('research_desk_feedback_votes_total{vote="positive"} 1\n');
    expect(text).toContain('research_desk_feedback_votes_total{vote="negative"} 1\n');
    expect(text).toContain('research_desk_feedback_votes_withdrawn_total{vote="positive"} 1\n');
    expect(metrics.votes()).toEqual({ positive: 0, negative: 1 });
  });
});
