import { describe, expect, it } from 'vitest';
import { isOperationInputError, type OperationInputError } from '../../../src/slack/kit/operations/operation-input-error.js';
import { askResearchAgentStep } from '../../../src/slack/workflows/steps/ask-research-agent-step.js';
import { companyFinancialsStep } from '../../../src/slack/workflows/steps/company-financials-step.js';
import { searchResearchStep } from '../../../src/slack/workflows/steps/search-research-step.js';
import { trendingConceptsStep } from '../../../src/slack/workflows/steps/trending-concepts-step.js';
import { parseStepInputs, type StepInputFields } from '../../../src/slack/workflows/step-inputs.js';

function refusal(fields: StepInputFields, raw: unknown): OperationInputError {
  try {
    parseStepInputs(fields, raw);
  } catch (error) {
    if (isOperationInputError(error)) return error;
    throw error;
  }
  throw new Error('the inputs were accepted');
}

describe('parseStepInputs', () => {
  it('reads a search’s inputs, trimmed; empty optional inputs (absent, null, blank) read as absent', () => {
    expect(
      parseStepInputs(searchResearchStep.inputs, { query: '  NVDA data center ', categories: 'news, reports', markets: null, since: '' }),
    ).toEqual({
      query: 'NVDA data center',
      categories: 'news, reports',
    });
    expect(parseStepInputs(searchResearchStep.inputs, { query: 'x', since: '2025-01-31' })).toEqual({ query: 'x', since: '2025-01-31' });
  });

  it('refuses a missing or blank required input, naming it by its title in Workflow Builder with an example', () => {
    for (const raw of [{}, { query: '' }, { query: '   ' }, { query: null }, undefined]) {
      const error = refusal(searchResearchStep.inputs, raw);
      expect(error.code).toBe('missing');
      expect(error.field).toBe('query');
      expect(error.message).toBe('“Search words” is empty: fill it in the step’s settings in Workflow Builder (e.g. NVDA data center).');
    }
  });

  it('refuses a date in the wrong form and a value of the wrong type, saying what to put there', () => {
    const date = refusal(searchResearchStep.inputs, { query: 'x', since: '31/01/2025' });
    expect(date).toMatchObject({ code: 'bad_format', field: 'since' });
    expect(date.message).toBe('“Published since” cannot be used as given: a date, e.g. 2025-01-31.');
    expect(refusal(companyFinancialsStep.inputs, { symbol: 42, statement: 'income' })).toMatchObject({
      code: 'bad_format',
      field: 'symbol',
    });
    expect(refusal(companyFinancialsStep.inputs, { symbol: 'US:NVDA' })).toMatchObject({ code: 'missing', field: 'statement' });
  });

  it('takes a whole number as a number or as text, and refuses a fraction or a word', () => {
    expect(parseStepInputs(trendingConceptsStep.inputs, { limit: 5 })).toEqual({ limit: 5 });
    expect(parseStepInputs(trendingConceptsStep.inputs, { limit: ' 7 ' })).toEqual({ limit: 7 });
    expect(parseStepInputs(trendingConceptsStep.inputs, {})).toEqual({});
    expect(refusal(trendingConceptsStep.inputs, { limit: 2.5 })).toMatchObject({ code: 'bad_format', field: 'limit' });
    expect(refusal(trendingConceptsStep.inputs, { limit: 'ten' }).message).toBe(
      '“How many” cannot be used as given: a whole number from 1 to 20.',
    );
  });

  it('takes Slack channel and user ids for the agent step, and refuses anything else there', () => {
    expect(parseStepInputs(askResearchAgentStep.inputs, { question: 'Why?', channel: 'C0123ABC', asked_by: 'U0456DEF' })).toEqual({
      question: 'Why?',
      channel: 'C0123ABC',
      asked_by: 'U0456DEF',
    });
    expect(refusal(askResearchAgentStep.inputs, { question: 'Why?', channel: '#general' })).toMatchObject({
      code: 'bad_format',
      field: 'channel',
    });
    expect(refusal(askResearchAgentStep.inputs, { question: 'Why?', channel: 'C0123ABC', asked_by: '<!channel>' })).toMatchObject({
      code: 'bad_format',
      field: 'asked_by',
    });
    expect(refusal(askResearchAgentStep.inputs, { channel: 'C0123ABC' })).toMatchObject({ code: 'missing', field: 'question' });
  });
});
