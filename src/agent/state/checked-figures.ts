/**
 * A run's figure check as the relay keeps it: the check of its report (src/figures/), and every
 * name the companies it covers go by, so the answer names each company in its own language.
 * Made once, before the final render, and stored in the run record (`figureCheck`): a resumed
 * run renders the check it already made instead of reading the statements again.
 */
import type { FigureCheck, KnownCompany } from '../../figures/figure-types.js';

export interface CheckedFigures {
  /** Absent when the report quotes no figure: nothing to show, and nothing to check again. */
  check?: FigureCheck;
  companies: KnownCompany[];
}
