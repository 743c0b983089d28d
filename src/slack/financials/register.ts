/** The /financials feature: its command, its cards' buttons (form, Chart, CSV/XLSX, Save as canvas) and its modal. */
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { registerCanvasActions } from './canvas-actions.js';
import { registerChartActions } from './chart-actions.js';
import { companyFinancials } from './operations/company-financials-operation.js';
import { earningsCalendar } from './operations/earnings-calendar-operation.js';
import { registerExportActions } from './export-actions.js';
import { registerFinancialsActions } from './financials-actions.js';
import { financialsCommand, runFinancialsCommand } from './financials-command.js';
import { registerFinancialsViews } from './modal/financials-modal-submit.js';
import { shareFinancialsCard } from './share-financials-card.js';

export const registerFinancials: RegisterSlice = (app, deps) => {
  app.command('/financials', financialsCommand(deps));
  registerFinancialsActions(app, deps);
  registerChartActions(app, deps);
  registerExportActions(app, deps);
  registerCanvasActions(app, deps);
  registerFinancialsViews(app, deps);
};

/** What the financials slice offers the others (wired in src/slack/register-listeners.ts). */
export const financialsHooks = {
  command: runFinancialsCommand,
  sharedCard: shareFinancialsCard,
  companyFinancials,
  earningsCalendar,
} satisfies {
  command: FeatureHooks['commands']['/financials'];
  sharedCard: NonNullable<FeatureHooks['sharedCards']['/financials']>;
  companyFinancials: FeatureHooks['operations']['companyFinancials'];
  earningsCalendar: FeatureHooks['operations']['earningsCalendar'];
};
