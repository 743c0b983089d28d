/** The labelled set: every case, in one list (README.md says how it was made and how to add one). */
import { DEMO_REPORT_CASES } from './demo-reports.js';
import { DEMO_MARGIN_REPORT_CASES } from './demo-reports-margins.js';
import { HELD_OUT_CASES } from './held-out.js';
import { SECOND_HELD_OUT_CASES } from './held-out-2.js';
import { THIRD_HELD_OUT_CASES } from './held-out-3.js';
import type { LabelledCase } from './labelled-case.js';
import { PLANTED_CASES } from './planted.js';
import { PLANTED_DEMO_CASES } from './planted-demo.js';
import { SENTENCE_CASES } from './sentences.js';
import { TABLE_CASES } from './tables.js';

export const LABELLED_SET: readonly LabelledCase[] = [
  ...DEMO_REPORT_CASES,
  ...DEMO_MARGIN_REPORT_CASES,
  ...SENTENCE_CASES,
  ...TABLE_CASES,
  ...PLANTED_CASES,
  ...PLANTED_DEMO_CASES,
  ...HELD_OUT_CASES,
  ...SECOND_HELD_OUT_CASES,
  ...THIRD_HELD_OUT_CASES,
];
