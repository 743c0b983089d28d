import type { WebClient } from '@slack/web-api';

/** Text that must show as text: Slack escapes &, <, > and the page must never parse it as HTML. */
export const HOSTILE_MRKDWN = 'Escaped: &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror="window.__xss=1"&gt; AT&amp;T';
export const HOSTILE_SHOWN = '<script>alert(1)</script>';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const plain = (text: string) => ({ type: 'plain_text', text, emoji: true });
const option = (text: string, value: string) => ({ text: plain(text), value });

/** A research card using every message block type and element the page renders. */
export function buildResearchCardBlocks(imageUrl: string, userId: string, channelId: string): unknown[] {
  return [
    { type: 'header', text: plain(':mag: NVDA: supply-chain research') },
    {
      type: 'section',
      text: mrkdwn(
        `*Bold*, _italic_, ~strike~ and \`inline code\` for <@${userId}> in <#${channelId}|research> <!channel> :chart_with_upwards_trend:\n` +
          `Source: <https://example.com/filings/nvda-10q|NVDA 10-Q (Q3)> · ${HOSTILE_MRKDWN}`,
      ),
      accessory: { type: 'image', image_url: imageUrl, alt_text: 'Revenue trend' },
    },
    {
      type: 'section',
      fields: [
        mrkdwn('*Revenue*\n$35.1bn :arrow_up:'),
        mrkdwn('*Gross margin*\n74.6%'),
        mrkdwn('*EPS (diluted)*\n$0.78'),
        mrkdwn('*Guidance*\n:warning: raised'),
      ],
    },
    {
      type: 'section',
      text: mrkdwn('Track this company in your daily digest?'),
      accessory: { type: 'button', action_id: 'subscribe_digest', text: plain('Subscribe'), value: 'NVDA' },
    },
    {
      type: 'section',
      text: mrkdwn('Period'),
      accessory: {
        type: 'static_select',
        action_id: 'pick_period',
        placeholder: plain('Choose a period'),
        options: [option('Q3 FY2025', 'q3-2025'), option('Q2 FY2025', 'q2-2025'), option('FY2024', 'fy-2024')],
      },
    },
    {
      type: 'context',
      elements: [
        { type: 'image', image_url: imageUrl, alt_text: 'demo' },
        mrkdwn(':page_facing_up: 3 documents · :hourglass_flowing_sand: updated 2 min ago · *DEMO DATA*'),
      ],
    },
    { type: 'divider' },
    {
      type: 'table',
      column_settings: [{ align: 'left' }, { align: 'right' }, { align: 'right' }, { align: 'center', is_wrapped: true }],
      rows: [
        [
          { type: 'raw_text', text: 'Metric' },
          { type: 'raw_text', text: 'Q3' },
          { type: 'raw_text', text: 'Q2' },
          { type: 'raw_text', text: 'Trend' },
        ],
        [
          { type: 'raw_text', text: 'Revenue ($bn)' },
          { type: 'raw_text', text: '35.1' },
          { type: 'raw_text', text: '30.0' },
          { type: 'raw_text', text: 'up' },
        ],
        [
          { type: 'raw_text', text: 'Data centre ($bn)' },
          { type: 'raw_text', text: '30.8' },
          { type: 'raw_text', text: '26.3' },
          { type: 'raw_text', text: 'up' },
        ],
        [
          {
            type: 'rich_text',
            elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'Operating margin', style: { bold: true } }] }],
          },
          { type: 'raw_text', text: '62.3%' },
          { type: 'raw_text', text: '62.1%' },
          { type: 'raw_text', text: 'flat' },
        ],
      ],
    },
    {
      type: 'actions',
      block_id: 'card_actions',
      elements: [
        { type: 'button', action_id: 'run_agent', text: plain('Run agent'), style: 'primary', value: 'NVDA' },
        { type: 'button', action_id: 'open_form', text: plain('Refine query'), value: 'refine' },
        {
          type: 'button',
          action_id: 'dismiss_card',
          text: plain('Dismiss'),
          style: 'danger',
          value: 'dismiss',
          confirm: {
            title: plain('Dismiss this card?'),
            text: mrkdwn('It disappears for *everyone*.'),
            confirm: plain('Dismiss'),
            deny: plain('Keep'),
            style: 'danger',
          },
        },
        { type: 'button', action_id: 'open_filing', text: plain('Open filing'), url: 'https://example.com/filings/nvda-10q' },
        { type: 'overflow', action_id: 'card_more', options: [option('Export CSV', 'csv'), option('Share', 'share')] },
        { type: 'datepicker', action_id: 'as_of', initial_date: '2025-01-15', placeholder: plain('As of') },
      ],
    },
  ];
}

export const MARKDOWN_BLOCK_TEXT = [
  '## Summary',
  'Revenue grew **17%** quarter on quarter, driven by *data centre* demand; see [the filing](https://example.com/10q).',
  '',
  '- Supply: `CoWoS` capacity doubled',
  '- Risks:',
  '  - export controls',
  '  - customer concentration',
  '1. Read the 10-Q',
  '2. Compare with AMD',
  '',
  '| Segment | Revenue | Share |',
  '| :--- | ---: | :---: |',
  '| Data centre | 30.8 | 88% |',
  '| Gaming | 3.3 | 9% |',
].join('\n');

export function buildRichTextBlocks(userId: string): unknown[] {
  return [
    {
      type: 'rich_text',
      elements: [
        {
          type: 'rich_text_section',
          elements: [
            { type: 'text', text: 'Notes from ' },
            { type: 'user', user_id: userId },
            { type: 'text', text: ' — rich text ', style: { italic: true } },
            { type: 'emoji', name: 'bulb' },
          ],
        },
        {
          type: 'rich_text_list',
          style: 'bullet',
          indent: 0,
          elements: [
            { type: 'rich_text_section', elements: [{ type: 'text', text: 'Margins held', style: { bold: true } }] },
            { type: 'rich_text_section', elements: [{ type: 'link', url: 'https://example.com/call', text: 'Earnings call transcript' }] },
          ],
        },
        {
          type: 'rich_text_list',
          style: 'ordered',
          indent: 1,
          elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'Nested ordered item' }] }],
        },
        { type: 'rich_text_quote', elements: [{ type: 'text', text: 'We expect supply to improve through the year.' }] },
        { type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'GET /v1/stock/NVDA/financials?period=q3' }] },
      ],
    },
  ];
}

export const MRKDWN_TEXT = [
  'Plain mrkdwn message, no blocks: <!here> :white_check_mark: done, :x: failed, :new:',
  '• first bullet',
  '• second bullet with <https://example.com|a link>',
  '1. numbered',
  '&gt; a quoted line',
  '```',
  'const margin = revenue - cost; // <b>not bold</b>',
  '```',
].join('\n');

export function buildModalView(): Record<string, unknown> {
  return {
    type: 'modal',
    callback_id: 'refine_query',
    title: plain('Refine research'),
    submit: plain('Run'),
    close: plain('Cancel'),
    blocks: [
      { type: 'section', text: mrkdwn('Narrow the question before the agent runs. *DEMO DATA*.') },
      {
        type: 'input',
        block_id: 'query',
        label: plain('Question'),
        element: { type: 'plain_text_input', action_id: 'text', multiline: true, initial_value: 'Supply chain risks' },
      },
      {
        type: 'input',
        block_id: 'ticker',
        label: plain('Ticker'),
        hint: plain('One symbol, e.g. NVDA'),
        element: { type: 'plain_text_input', action_id: 'symbol', placeholder: plain('NVDA') },
      },
      {
        type: 'input',
        block_id: 'period',
        label: plain('Period'),
        element: {
          type: 'static_select',
          action_id: 'choice',
          placeholder: plain('Choose'),
          options: [option('Last quarter', 'q'), option('Last year', 'y')],
        },
      },
      {
        type: 'input',
        block_id: 'depth',
        label: plain('Depth'),
        element: {
          type: 'radio_buttons',
          action_id: 'level',
          options: [option('Quick', 'quick'), option('Thorough', 'deep')],
          initial_option: option('Quick', 'quick'),
        },
      },
      {
        type: 'input',
        block_id: 'sources',
        optional: true,
        label: plain('Sources'),
        element: { type: 'checkboxes', action_id: 'kinds', options: [option('Filings', 'filings'), option('News', 'news')] },
      },
    ],
  };
}

export function buildHomeView(): Record<string, unknown> {
  return {
    type: 'home',
    blocks: [
      { type: 'header', text: plain('Research Desk :chart_with_upwards_trend:') },
      {
        type: 'section',
        text: mrkdwn('*Your digests* — DEMO DATA'),
        accessory: { type: 'button', action_id: 'home_new_digest', text: plain('New digest'), style: 'primary' },
      },
      { type: 'divider' },
      { type: 'section', fields: [mrkdwn('*NVDA*\nDaily, 08:00'), mrkdwn('*AAPL*\nWeekly, Monday')] },
      { type: 'context', elements: [mrkdwn('Use `/research`, `/financials` or `/concepts` in any channel.')] },
    ],
  };
}

export interface SeededPlayground {
  cardTs: string;
  threadParentTs: string;
  streamTs: string;
  editedTs: string;
}

/**
 * Fills #research with one of everything, through the emulator's Web API as the app would. No
 * ephemeral: one posted before the page loads is not shown (see postQueuedEphemeral).
 */
export async function seedPlayground(
  client: WebClient,
  emu: {
    defaultChannelId: string;
    defaultUserId: string;
    url: string;
    postMessage: (p: { text: string; channel_id?: string; thread_ts?: string }) => Promise<{ ts: string }>;
  },
): Promise<SeededPlayground> {
  const channel = emu.defaultChannelId;
  const user = emu.defaultUserId;
  const question = await emu.postMessage({ text: 'Morning! @Research Desk what changed at NVDA this quarter?' });
  const card = await client.chat.postMessage({
    channel,
    text: 'NVDA research card',
    blocks: buildResearchCardBlocks(`${emu.url}/demo-chart.svg`, user, channel) as never,
  });
  await client.chat.postMessage({ channel, text: 'Summary', blocks: [{ type: 'markdown', text: MARKDOWN_BLOCK_TEXT }] as never });
  await client.chat.postMessage({ channel, text: 'Notes', blocks: buildRichTextBlocks(user) as never });
  await client.chat.postMessage({ channel, text: MRKDWN_TEXT });
  const edited = await client.chat.postMessage({ channel, text: 'Draft: revenue $30bn' });
  await client.chat.update({ channel, ts: edited.ts as string, text: 'Revenue: *$35.1bn* (corrected)' });
  await client.chat.postMessage({
    channel,
    text: 'Filing alert',
    attachments: [
      {
        color: '#2eb67d',
        title: 'NVDA 10-Q filed',
        title_link: 'https://example.com/10q',
        text: 'Quarterly report, 52 pages',
        fields: [
          { title: 'Form', value: '10-Q', short: true },
          { title: 'Filed', value: 'today', short: true },
        ],
        footer: 'EDGAR · DEMO DATA',
      },
    ] as never,
  });
  await client.chat.postMessage({
    channel,
    text: 'Was this helpful?',
    blocks: [
      { type: 'section', text: mrkdwn('Was this answer helpful?') },
      {
        type: 'context_actions',
        elements: [
          {
            type: 'feedback_buttons',
            action_id: 'answer_feedback',
            positive_button: { text: plain('Good'), value: 'good' },
            negative_button: { text: plain('Bad'), value: 'bad' },
          },
        ],
      },
    ] as never,
  });
  const parent = await client.chat.postMessage({ channel, text: 'Thread: AMD vs NVDA margins :thread:' });
  await emu.postMessage({ text: 'Can you add Intel?', thread_ts: parent.ts as string });
  await client.chat.postMessage({ channel, thread_ts: parent.ts as string, text: 'Added *INTC*: gross margin 38%.' });
  const stream = await client.apiCall('chat.startStream', {
    channel,
    thread_ts: question.ts,
    recipient_user_id: user,
    recipient_team_id: 'T0EMUTEAM1',
    chunks: [
      { type: 'plan_update', title: 'Researching NVDA' },
      { type: 'task_update', id: 't1', title: 'Search filings', status: 'complete' },
      { type: 'task_update', id: 't2', title: 'Read the 10-Q', status: 'in_progress' },
      { type: 'markdown_text', text: 'So far: **revenue up 17%**' },
    ],
  });
  return {
    cardTs: card.ts as string,
    threadParentTs: parent.ts as string,
    streamTs: String((stream as { ts?: string }).ts),
    editedTs: edited.ts as string,
  };
}

export const QUEUED_EPHEMERAL_TEXT = ':hourglass_flowing_sand: Only you can see this: your research is queued.';

/** An "Only visible to you" message; post it after the page has loaded, as Slack shows one only to the session that got it. */
export async function postQueuedEphemeral(client: WebClient, emu: { defaultChannelId: string; defaultUserId: string }): Promise<void> {
  await client.chat.postEphemeral({ channel: emu.defaultChannelId, user: emu.defaultUserId, text: QUEUED_EPHEMERAL_TEXT });
}
