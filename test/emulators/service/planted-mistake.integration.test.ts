/**
 * `[mistake]` over the emulator's real chat route (as the playground's agent view and `/research
 * ask` send it): the final report has the planted figure in place of the statement's, the
 * statement the service serves for that period holds the true value, and the same question
 * without the word gets the same report with the true figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceEmulator, startServiceEmulator } from '../../../src/emulators/service/index.js';
import { MISTAKE_FACTOR } from '../../../src/emulators/service/planted-mistake.js';
import { buildHttp } from './emulator-http.js';

let em: ServiceEmulator;
let http: ReturnType<typeof buildHttp>;

beforeAll(async () => {
  em = await startServiceEmulator({ agentSpeed: 100 });
  http = buildHttp(em);
});
afterAll(async () => {
  await em.close();
});

async function finalReport(message: string): Promise<string> {
  const conv = await http.post('/v1/agent/conversations', { title: 'mistake', conversation_type: 'agent_chat' });
  expect(conv.status).toBe(200);
  const res = await http.post(`/v1/agent/conversations/${conv.body.id}/chat`, { message, stream: false });
  expect(res.status).toBe(200);
  const end = res.body.assistant_events.pop();
  expect(end.event_type).toBe('workflow_end');
  return end.output.final_report.content as string;
}

const keyFindings = (report: string): string => report.split('\n## ')[1] ?? '';

describe('[mistake]', () => {
  it('writes the first company’s revenue 12% above the income statement the service serves, in the key findings only', async () => {
    const question = 'What is NVIDIA’s revenue?';
    const [wrong, right] = await Promise.all([finalReport(`${question} [mistake]`), finalReport(question)]);
    const statements = await http.post('/v1/stock/company-income-statement', { symbol: 'US:NVDA', period: 'quarterly', limit: 1 });
    expect(statements.status).toBe(200);
    const [latest] = statements.body.data;
    const revenue = latest.revenue_and_costs.revenue as number;
    const truth = `USD ${(revenue / 1e9).toFixed(2)}bn`;
    const planted = `USD ${((revenue * MISTAKE_FACTOR) / 1e9).toFixed(2)}bn`;
    expect(keyFindings(wrong)).toContain(
      `in ${latest.fiscal_quarter} FY${latest.fiscal_year} (to ${latest.end_date}), revenue of ${planted}`,
    );
    expect(keyFindings(right)).toContain(`revenue of ${truth}`);
    // Elsewhere the figure stays true: the table's revenue row.
    expect(wrong).toContain(`| Revenue | ${truth} |`);
    expect(wrong.split(planted)).toHaveLength(2);
    expect(wrong.replace(planted, truth)).toBe(right);
  });

  it('changes nothing in a report without company figures', async () => {
    const [wrong, right] = await Promise.all([finalReport('沪深300走势 [mistake]'), finalReport('沪深300走势')]);
    expect(wrong).toBe(right);
  });
});
