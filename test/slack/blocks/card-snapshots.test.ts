/**
 * Snapshots of the card renderers that cards.test.ts, market-cards.test.ts and agent/ do not
 * snapshot yet, so that every renderer in src/slack/blocks/ has one (issue 15 acceptance), and of
 * the financials cards in the states issue 15 §4 fixed: a half year compared with the previous
 * half year, a company name in the title (escaped), a shared card, the card button row.
 * Each is also checked against Slack's own validation (the Slack emulator's) and our limits.
 */
import type { ModalView } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';
import { validateView } from '../../../src/emulators/slack/validation/views.js';
import { parseShape } from '../../../src/service/schemas/parse-shape.js';
import { conversationMessageListSchema } from '../../../src/service/schemas/conversation-message-schema.js';
import { revenueBreakdownSchema } from '../../../src/service/schemas/revenue-breakdown-schema.js';
import type { SlackMessage } from '../../../src/slack-api/slack-message.js';
import { renderFeedbackModal, renderFeedbackThanks } from '../../../src/slack/agent/feedback/feedback-messages.js';
import { renderReplayList } from '../../../src/slack/agent/replay/render-replay-list.js';
import { renderAskedAboutDocument, renderAskedQuestion, renderReplayRoot } from '../../../src/slack/agent/cards/render-thread-root.js';
import { cardActionsBlock, withCardActions } from '../../../src/slack/kit/card-actions.js';
import { renderCompanySnapshot } from '../../../src/slack/financials/cards/company-snapshot-card.js';
import { renderNotice } from '../../../src/slack/blocks/error-card.js';
import { renderFolderDeleteCancelled } from '../../../src/slack/folders/folder-card.js';
import { renderRevenueBreakdown } from '../../../src/slack/financials/cards/revenue-card.js';
import { withSharedBy } from '../../../src/slack/kit/share/shared-by.js';
import { renderBalanceSheet } from '../../../src/slack/financials/cards/statement-card.js';
import { renderSubscribed, renderUnsubscribed } from '../../../src/slack/concepts/digest/subscriptions-card.js';
import { buildBalance, buildCashFlow, buildIncome, buildSubscription } from './fixtures.js';
import { findMessageViolations, findViewViolations } from './limit-violations.js';

function expectValidMessage(m: SlackMessage): void {
  expect(findMessageViolations(m)).toEqual([]);
  expect(() => validateMessageContent({ text: m.text, blocks: JSON.stringify(m.blocks) }, 'chat.postMessage')).not.toThrow();
}

const answer = { teamId: 'T1', channelId: 'C1', messageTs: '1700000000.000100', runId: 'run_1', conversationId: 'conv_1' };

describe('snapshots of every card renderer', () => {
  it.each([
    ['notice', () => renderNotice('Folder <!channel> & co was not found.', ':warning:')],
    ['folder delete cancelled', () => renderFolderDeleteCancelled('fld_<demo>')],
    ['subscribed', () => renderSubscribed(buildSubscription())],
    ['subscription updated', () => renderSubscribed(buildSubscription(), true)],
    ['unsubscribed', () => renderUnsubscribed('C123', true)],
    ['unsubscribed, none', () => renderUnsubscribed('C123', false)],
    ['asked question', () => renderAskedQuestion('U123', 'How did <!here> margins move in H1 FY2025?')],
    ['asked about document', () => renderAskedAboutDocument('U123', 'Kweichow Moutai 2024 annual report')],
    [
      'replay root',
      () => renderReplayRoot({ userId: 'U123', conversationId: 'conv_1', assistantMessageId: 'm_2', question: 'Why?', stillRunning: true }),
    ],
    [
      'replay list',
      () =>
        renderReplayList({
          conversationId: 'conv_1',
          hasOlder: true,
          isOlderPage: false,
          messages: parseShape(conversationMessageListSchema, {
            messages: [
              {
                id: 2,
                conversation_id: 1,
                role: 'assistant',
                content: 'Margins rose 2 pp.',
                status: 'completed',
                assistant_message_id: 'am_2',
                reply_to_message_id: 1,
                created_at: 1_700_000_000,
              },
              { id: 1, conversation_id: 1, role: 'user', content: 'How did margins move?', created_at: 1_699_999_990 },
            ],
          }),
        }),
    ],
    ['feedback thanks, positive', () => renderFeedbackThanks({ vote: 'positive', previous: null }, answer)],
    ['feedback thanks, negative', () => renderFeedbackThanks({ vote: 'negative', previous: 'positive' }, answer)],
    ['feedback thanks, repeated', () => renderFeedbackThanks({ vote: 'positive', previous: 'positive' }, answer)],
  ] as Array<[string, () => SlackMessage]>)('%s', (_name, render) => {
    const m = render();
    expectValidMessage(m);
    expect(m).toMatchSnapshot();
  });

  it('feedback modal', () => {
    const v: ModalView = renderFeedbackModal(answer);
    expect(findViewViolations(v)).toEqual([]);
    expect(() => validateView(JSON.stringify(v), v.type)).not.toThrow();
    expect(v).toMatchSnapshot();
  });
});

describe('snapshots of the financials cards as issue 15 §4 left them', () => {
  const ctx = { symbol: 'SH:600519', companyName: '贵州茅台 <!channel> & Co' };

  it('revenue breakdown: H1 next to the previous H1, one period scheme', () => {
    const revenue = parseShape(revenueBreakdownSchema, {
      currency: 'CNY',
      list: [
        {
          end_date: '2025-06-30',
          period: '中报',
          fiscal_year: 2025,
          industry: [
            { name: '茅台酒', revenue: 7.6e10 },
            { name: '系列酒', revenue: 1.3e10 },
          ],
          area: [
            { name: '国内', revenue: 8.6e10 },
            { name: '国外', revenue: 3e9 },
          ],
        },
        {
          end_date: '2024-12-31',
          period: '年报',
          fiscal_year: 2024,
          industry: [
            { name: '茅台酒', revenue: 1.459e11 },
            { name: '系列酒', revenue: 2.47e10 },
          ],
        },
        {
          end_date: '2024-06-30',
          period: '中报',
          fiscal_year: 2024,
          industry: [
            { name: '茅台酒', revenue: 6.9e10 },
            { name: '系列酒', revenue: 1.2e10 },
          ],
        },
      ],
    });
    const m = renderRevenueBreakdown(revenue, ctx);
    expectValidMessage(m);
    expect(m).toMatchSnapshot();
  });

  it('company name in the title, escaped in the fallback text', () => {
    const m = renderBalanceSheet([buildBalance(2024), buildBalance(2023, 0.9)], ctx);
    expectValidMessage(m);
    expect(m.text).not.toContain('<!channel>');
    expect(m).toMatchSnapshot();
  });

  it('snapshot with outflows, a loss and a sign change in the change column', () => {
    const income = [
      buildIncome(2024, 1, { lines: { revenue: 1e10, profit_attributable_to_owners_of_the_parent: -2e9 } }),
      buildIncome(2023, 1, { lines: { revenue: 9e9, profit_attributable_to_owners_of_the_parent: 1e9 } }),
    ];
    const cashFlow = [
      buildCashFlow(2024, { investing: { net_cash_flows_from_investing_activities: -1.5e9 } }),
      buildCashFlow(2023, { investing: { net_cash_flows_from_investing_activities: -1e9 } }),
    ];
    const m = renderCompanySnapshot({ ...ctx, balance: [], cashFlow, income });
    expectValidMessage(m);
    expect(m).toMatchSnapshot();
  });

  it('the card button row, and a shared card naming who shared it', () => {
    const source = { command: '/financials', text: 'SH:600519 balance' };
    expect(cardActionsBlock({ source, share: true })).toMatchSnapshot();
    const card = withCardActions(renderBalanceSheet([buildBalance(2024)], ctx), { source, chart: true, share: false });
    const shared = withSharedBy(card, { userId: 'U123', name: 'Dana <!here>' });
    expectValidMessage(shared);
    expect(JSON.stringify(shared)).not.toMatch(/<!here>|<@U123>/);
    expect(shared).toMatchSnapshot();
    expect(withSharedBy(card, { userId: 'U123' }).blocks.at(-2)).toMatchSnapshot();
  });
});
