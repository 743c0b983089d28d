import { describe, expect, it } from 'vitest';
import { latestFourQuarters } from '../../src/periods/latest-four-quarters.js';

interface Q {
  label: string;
  end?: string;
}
const run = (qs: Q[]) =>
  latestFourQuarters(
    qs,
    (q) => q.end,
    (q) => q.label,
  );

describe('latestFourQuarters', () => {
  it('takes the newest four consecutive quarters, newest first, whatever order the service lists them in', () => {
    const got = run([
      { label: 'Q2 FY2025', end: '2024-07-31' },
      { label: 'Q1 FY2026', end: '2025-04-30' },
      { label: 'Q4 FY2025', end: '2025-01-31' },
      { label: 'Q3 FY2025', end: '2024-10-31' },
      { label: 'Q1 FY2025', end: '2024-04-30' },
    ]);
    expect(got).toEqual({
      endDate: '2025-04-30',
      quarters: [
        { label: 'Q1 FY2026', end: '2025-04-30' },
        { label: 'Q4 FY2025', end: '2025-01-31' },
        { label: 'Q3 FY2025', end: '2024-10-31' },
        { label: 'Q2 FY2025', end: '2024-07-31' },
      ],
    });
  });

  it('says why there is no sum instead of adding the wrong months', () => {
    expect(run([{ label: 'Q1 FY2025', end: '2025-03-31' }])).toEqual({ reason: 'the service gives 1 quarter, not 4' });
    expect(
      run([
        { label: 'Q4 FY2024', end: '2024-12-31' },
        { label: 'Q3 FY2024' },
        { label: 'Q2 FY2024', end: '2024-06-30' },
        { label: 'Q1 FY2024', end: '2024-03-31' },
      ]),
    ).toEqual({ reason: 'the service gives no period end for Q3 FY2024' });
    expect(
      run([
        { label: 'Q1 FY2025', end: '2025-03-31' },
        { label: 'Q3 FY2024', end: '2024-09-30' },
        { label: 'Q2 FY2024', end: '2024-06-30' },
        { label: 'Q1 FY2024', end: '2024-03-31' },
      ]),
    ).toEqual({ reason: 'its quarters are not consecutive (none between 30 Sep 2024 and 31 Mar 2025)' });
  });
});
