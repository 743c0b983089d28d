import { describe, expect, it } from 'vitest';
import { SlackApiError } from '../../../src/emulators/slack/errors.js';
import { checkBlocks, type Surface } from '../../../src/emulators/slack/validation/blocks.js';
import { validateChunks, validateStreamBlocks } from '../../../src/emulators/slack/validation/chunks.js';
import { validateMessageContent } from '../../../src/emulators/slack/validation/message.js';
import { validateMetadata } from '../../../src/emulators/slack/validation/metadata.js';
import { validateView } from '../../../src/emulators/slack/validation/views.js';

const pt = (text: string) => ({ type: 'plain_text', text });
const md = (text: string) => ({ type: 'mrkdwn', text });
const button = (action_id: string, extra: Record<string, unknown> = {}) => ({ type: 'button', text: pt('Go'), action_id, ...extra });
const section = (text = 'hi') => ({ type: 'section', text: md(text) });
const repeat = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const row = (n: number) => repeat(n, (i) => ({ type: 'raw_text', text: `c${i}` }));

/** Payloads Slack accepts, one per rule (the boundary value where there is one). */
const accepted: Array<[string, unknown[], Surface?]> = [
  ['section with 3000-char text', [section('x'.repeat(3000))]],
  ['section with 10 fields of 2000', [{ type: 'section', fields: repeat(10, () => md('y'.repeat(2000))) }]],
  ['section with plain_text + emoji', [{ type: 'section', text: { ...pt('a'), emoji: true } }]],
  ['section with button accessory', [{ ...section(), accessory: button('a1') }]],
  [
    'section with overflow accessory of 5',
    [{ ...section(), accessory: { type: 'overflow', action_id: 'o', options: repeat(5, (i) => ({ text: pt(`o${i}`), value: `v${i}` })) } }],
  ],
  ['header 150 plain_text', [{ type: 'header', text: pt('h'.repeat(150)) }]],
  ['context of 10 elements', [{ type: 'context', elements: repeat(10, () => md('c')) }]],
  ['actions with 25 elements', [{ type: 'actions', elements: repeat(25, (i) => button(`b${i}`)) }]],
  [
    'button boundaries (75 text, 2000 value, 3000 url)',
    [
      {
        type: 'actions',
        elements: [
          { type: 'button', text: pt('t'.repeat(75)), action_id: 'x', value: 'v'.repeat(2000), url: `https://e.com/${'u'.repeat(2980)}` },
        ],
      },
    ],
  ],
  [
    'static select with options',
    [
      {
        type: 'actions',
        elements: [{ type: 'static_select', action_id: 's', placeholder: pt('Pick'), options: [{ text: pt('A'), value: 'a' }] }],
      },
    ],
  ],
  ['image block', [{ type: 'image', image_url: 'https://e.com/chart.png', alt_text: 'chart', title: pt('Chart') }]],
  ['divider', [{ type: 'divider' }]],
  ['markdown 12000', [{ type: 'markdown', text: 'm'.repeat(12_000) }]],
  [
    'table 100 rows x 20 cells with 20 column settings',
    [{ type: 'table', rows: repeat(100, () => row(20)), column_settings: repeat(20, () => ({ align: 'right', is_wrapped: true })) }],
  ],
  [
    'table with rich_text cells and null settings',
    [
      {
        type: 'table',
        rows: [[{ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'x' }] }] }]],
        column_settings: [null],
      },
    ],
  ],
  [
    'rich_text list',
    [
      {
        type: 'rich_text',
        elements: [
          { type: 'rich_text_list', style: 'bullet', elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'a' }] }] },
        ],
      },
    ],
  ],
  [
    'context_actions feedback buttons',
    [
      {
        type: 'context_actions',
        elements: [
          {
            type: 'feedback_buttons',
            action_id: 'fb',
            positive_button: { text: pt('Good'), value: 'good' },
            negative_button: { text: pt('Bad'), value: 'bad' },
          },
        ],
      },
    ],
  ],
  [
    'input in modal',
    [{ type: 'input', block_id: 'q', label: pt('Question'), element: { type: 'plain_text_input', action_id: 'q' } }],
    'modal',
  ],
  ['file block', [{ type: 'file', external_id: 'ext', source: 'remote' }]],
  ['video block', [{ type: 'video', title: pt('V'), alt_text: 'v', video_url: 'https://e.com/v', thumbnail_url: 'https://e.com/t.png' }]],
  ['50 blocks in a message', repeat(50, () => ({ type: 'divider' }))],
  ['100 blocks in a modal', repeat(100, () => ({ type: 'divider' })), 'modal'],
  ['block_id of 255', [{ type: 'divider', block_id: 'b'.repeat(255) }]],
];

/** Payloads Slack rejects, with the json-pointer the error must name. */
const rejected: Array<[string, unknown[], string, Surface?]> = [
  ['unknown block type', [{ type: 'carousel' }], '/blocks/0/type'],
  ['section text 3001', [section('x'.repeat(3001))], '/blocks/0/text/text'],
  ['section with neither text nor fields', [{ type: 'section' }], '/blocks/0'],
  ['section with 11 fields', [{ type: 'section', fields: repeat(11, () => md('y')) }], '/blocks/0/fields'],
  ['section field 2001', [{ type: 'section', fields: [md('y'.repeat(2001))] }], '/blocks/0/fields/0/text'],
  ['empty text', [section('')], '/blocks/0/text/text'],
  ['bad text type', [{ type: 'section', text: { type: 'markdown', text: 'x' } }], '/blocks/0/text/type'],
  ['header with mrkdwn', [{ type: 'header', text: md('h') }], '/blocks/0/text/type'],
  ['header 151', [{ type: 'header', text: pt('h'.repeat(151)) }], '/blocks/0/text/text'],
  ['context of 11', [{ type: 'context', elements: repeat(11, () => md('c')) }], '/blocks/0/elements'],
  ['actions of 26', [{ type: 'actions', elements: repeat(26, (i) => button(`b${i}`)) }], '/blocks/0/elements'],
  ['button text 76', [{ type: 'actions', elements: [{ ...button('a'), text: pt('t'.repeat(76)) }] }], '/blocks/0/elements/0/text/text'],
  ['button text mrkdwn', [{ type: 'actions', elements: [{ ...button('a'), text: md('t') }] }], '/blocks/0/elements/0/text/type'],
  ['button value 2001', [{ type: 'actions', elements: [button('a', { value: 'v'.repeat(2001) })] }], '/blocks/0/elements/0/value'],
  [
    'button url 3001',
    [{ type: 'actions', elements: [button('a', { url: `https://e.com/${'u'.repeat(2990)}` })] }],
    '/blocks/0/elements/0/url',
  ],
  ['action_id 256', [{ type: 'actions', elements: [button('a'.repeat(256))] }], '/blocks/0/elements/0/action_id'],
  [
    'duplicate action_id across blocks',
    [
      { type: 'actions', elements: [button('same')] },
      { ...section(), accessory: button('same') },
    ],
    '/blocks/1/accessory/action_id',
  ],
  [
    'duplicate block_id',
    [
      { type: 'divider', block_id: 'd' },
      { type: 'divider', block_id: 'd' },
    ],
    '/blocks/1/block_id',
  ],
  ['block_id 256', [{ type: 'divider', block_id: 'b'.repeat(256) }], '/blocks/0/block_id'],
  ['image without alt_text', [{ type: 'image', image_url: 'https://e.com/a.png' }], '/blocks/0/alt_text'],
  ['image with non-URL', [{ type: 'image', image_url: 'not a url', alt_text: 'a' }], '/blocks/0/image_url'],
  ['image url 3001', [{ type: 'image', image_url: `https://e.com/${'i'.repeat(2990)}.png`, alt_text: 'a' }], '/blocks/0/image_url'],
  [
    'markdown blocks over 12000 in total',
    [
      { type: 'markdown', text: 'm'.repeat(6000) },
      { type: 'markdown', text: 'm'.repeat(6001) },
    ],
    '/blocks',
  ],
  ['table 101 rows', [{ type: 'table', rows: repeat(101, () => row(1)) }], '/blocks/0/rows'],
  ['table row with 21 cells', [{ type: 'table', rows: [row(21)] }], '/blocks/0/rows/0'],
  [
    'table 21 column settings',
    [{ type: 'table', rows: [row(1)], column_settings: repeat(21, () => ({ align: 'left' })) }],
    '/blocks/0/column_settings',
  ],
  ['table cell of unknown type', [{ type: 'table', rows: [[{ type: 'text', text: 'x' }]] }], '/blocks/0/rows/0/0/type'],
  [
    'two tables in one message',
    [
      { type: 'table', rows: [row(1)] },
      { type: 'table', rows: [row(1)] },
    ],
    '/blocks',
  ],
  ['51 blocks in a message', repeat(51, () => ({ type: 'divider' })), '/blocks'],
  ['101 blocks in a modal', repeat(101, () => ({ type: 'divider' })), '/blocks', 'modal'],
  ['markdown block in a modal', [{ type: 'markdown', text: 'x' }], '/blocks/0/type', 'modal'],
  [
    'plain_text_input in an actions block',
    [{ type: 'actions', elements: [{ type: 'plain_text_input', action_id: 'p' }] }],
    '/blocks/0/elements/0/type',
  ],
  [
    'overflow with 6 options',
    [{ ...section(), accessory: { type: 'overflow', action_id: 'o', options: repeat(6, (i) => ({ text: pt(`o${i}`), value: `v${i}` })) } }],
    '/blocks/0/accessory/options',
  ],
  [
    'option value 151',
    [{ type: 'actions', elements: [{ type: 'static_select', action_id: 's', options: [{ text: pt('A'), value: 'v'.repeat(151) }] }] }],
    '/blocks/0/elements/0/options/0/value',
  ],
  ['input without label', [{ type: 'input', element: { type: 'plain_text_input', action_id: 'q' } }], '/blocks/0/label', 'modal'],
  [
    'rich_text list without style',
    [{ type: 'rich_text', elements: [{ type: 'rich_text_list', elements: [] }] }],
    '/blocks/0/elements/0/style',
  ],
  [
    'context_actions with six elements (Slack allows 5)',
    [
      {
        type: 'context_actions',
        elements: Array.from({ length: 6 }, (_, i) => ({
          type: 'feedback_buttons',
          action_id: `fb${i}`,
          positive_button: { text: pt('Good'), value: 'g' },
          negative_button: { text: pt('Bad'), value: 'b' },
        })),
      },
    ],
    '/blocks/0/elements',
  ],
  [
    'a plain button in context_actions',
    [{ type: 'context_actions', elements: [{ type: 'button', action_id: 'x', text: pt('X') }] }],
    '/blocks/0/elements/0/type',
  ],
  [
    'feedback buttons in a modal',
    [
      {
        type: 'context_actions',
        elements: [
          {
            type: 'feedback_buttons',
            action_id: 'fb',
            positive_button: { text: pt('Good'), value: 'g' },
            negative_button: { text: pt('Bad'), value: 'b' },
          },
        ],
      },
    ],
    '/blocks/0/type',
    'modal',
  ],
  [
    'feedback button without value',
    [
      {
        type: 'context_actions',
        elements: [
          {
            type: 'feedback_buttons',
            action_id: 'fb',
            positive_button: { text: pt('Good') },
            negative_button: { text: pt('Bad'), value: 'b' },
          },
        ],
      },
    ],
    '/blocks/0/elements/0/positive_button/value',
  ],
];

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof SlackApiError) return err.code;
    throw err;
  }
}

describe('block validation fixtures', () => {
  it.each(accepted)('accepts %s', (_name, blocks, surface) => {
    expect(checkBlocks(blocks, surface ?? 'message').issues.issues).toEqual([]);
  });

  it.each(rejected)('rejects %s', (_name, blocks, path, surface) => {
    const issues = checkBlocks(blocks, surface ?? 'message').issues.issues;
    expect(issues.map((i) => i.path)).toContain(path);
  });
});

describe('message content rules', () => {
  it('answers invalid_blocks with json-pointer messages like Slack', () => {
    try {
      validateMessageContent({ blocks: [section('x'.repeat(3001))] }, 'chat.postMessage');
      expect.unreachable();
    } catch (err) {
      const body = (err as SlackApiError).toBody();
      expect(body.error).toBe('invalid_blocks');
      expect(body.response_metadata).toEqual({
        messages: ['[ERROR] must be less than 3001 characters [json-pointer:/blocks/0/text/text]'],
      });
    }
  });
  it('maps each rule to its error code', () => {
    expect(codeOf(() => validateMessageContent({}, 'chat.postMessage'))).toBe('no_text');
    expect(codeOf(() => validateMessageContent({ blocks: '{not json' }, 'chat.postMessage'))).toBe('invalid_blocks_format');
    expect(codeOf(() => validateMessageContent({ blocks: '{"type":"divider"}' }, 'chat.postMessage'))).toBe('invalid_blocks_format');
    expect(codeOf(() => validateMessageContent({ markdown_text: 'x', text: 'y' }, 'chat.postMessage'))).toBe('markdown_text_conflict');
    expect(codeOf(() => validateMessageContent({ markdown_text: 'x'.repeat(12_001) }, 'chat.postMessage'))).toBe('msg_too_long');
    expect(codeOf(() => validateMessageContent({ text: 'x'.repeat(4001) }, 'chat.update'))).toBe('msg_too_long');
    expect(codeOf(() => validateMessageContent({ text: 'x'.repeat(4001) }, 'chat.postEphemeral'))).toBe('msg_too_long');
    expect(codeOf(() => validateMessageContent({ blocks: [{ type: 'markdown', text: 'm'.repeat(12_001) }] }, 'chat.postMessage'))).toBe(
      'msg_blocks_too_long',
    );
    expect(codeOf(() => validateMessageContent({ attachments: repeat(101, () => ({ text: 'a' })) }, 'chat.postMessage'))).toBe(
      'too_many_attachments',
    );
  });
  it('truncates top-level text over 40,000 with the message_truncated warning', () => {
    const content = validateMessageContent({ text: 'x'.repeat(40_001) }, 'chat.postMessage');
    expect(content.text).toHaveLength(40_000);
    expect(content.warnings).toEqual(['message_truncated']);
    expect(validateMessageContent({ text: 'x'.repeat(40_000) }, 'chat.postMessage').warnings).toEqual([]);
  });
  it('parses form-encoded JSON blocks', () => {
    expect(validateMessageContent({ blocks: JSON.stringify([section()]) }, 'chat.postMessage').blocks).toHaveLength(1);
  });
  it('checks metadata shape', () => {
    expect(validateMetadata('{"event_type":"run","event_payload":{"id":1}}')).toEqual({ event_type: 'run', event_payload: { id: 1 } });
    expect(codeOf(() => validateMetadata('nope'))).toBe('invalid_metadata_format');
    expect(codeOf(() => validateMetadata({ event_payload: {} }))).toBe('invalid_metadata_schema');
  });
});

describe('view rules', () => {
  const modal = (extra: Record<string, unknown> = {}) => ({ type: 'modal', title: pt('Ask'), blocks: [section()], ...extra });
  it('accepts a modal at its limits', () => {
    // validateView returns the view it accepted, or throws: the accepted view comes back whole.
    const atLimits = modal({
      title: pt('t'.repeat(24)),
      submit: pt('s'.repeat(24)),
      close: pt('c'.repeat(24)),
      private_metadata: 'p'.repeat(3000),
      callback_id: 'c'.repeat(255),
    });
    expect(validateView(atLimits, 'modal')).toEqual(atLimits);
    const home = { type: 'home', blocks: repeat(100, () => ({ type: 'divider' })) };
    expect(validateView(home, 'home')).toEqual(home);
    // Sent as JSON text (as the Web API's form encoding carries it), the same view is parsed back.
    expect(validateView(JSON.stringify(home), 'home')).toEqual(home);
  });
  it.each([
    ['title 25', modal({ title: pt('t'.repeat(25)) }), 'invalid_arguments'],
    ['title mrkdwn', modal({ title: md('t') }), 'invalid_arguments'],
    ['submit 25', modal({ submit: pt('s'.repeat(25)) }), 'invalid_arguments'],
    ['close 25', modal({ close: pt('c'.repeat(25)) }), 'invalid_arguments'],
    ['private_metadata 3001', modal({ private_metadata: 'p'.repeat(3001) }), 'invalid_arguments'],
    ['callback_id 256', modal({ callback_id: 'c'.repeat(256) }), 'invalid_arguments'],
    [
      'input without submit',
      modal({ blocks: [{ type: 'input', label: pt('Q'), element: { type: 'plain_text_input', action_id: 'q' } }] }),
      'invalid_arguments',
    ],
    ['101 blocks', modal({ blocks: repeat(101, () => ({ type: 'divider' })) }), 'invalid_arguments'],
    ['over 250 KB', modal({ blocks: repeat(100, () => section('x'.repeat(2999))) }), 'view_too_large'],
    ['wrong type', { ...modal(), type: 'home' }, 'invalid_arguments'],
  ])('rejects %s', (_name, view, code) => {
    expect(codeOf(() => validateView(view, 'modal'))).toBe(code);
  });
});

describe('stream chunk rules', () => {
  it('accepts each chunk type', () => {
    const chunks = [
      { type: 'markdown_text', text: 'hi' },
      { type: 'task_update', id: 't1', title: 'Search', status: 'in_progress' },
      { type: 'plan_update', title: 'Plan' },
      { type: 'blocks', blocks: [section()] },
    ];
    expect(validateChunks(JSON.stringify(chunks))).toHaveLength(4);
  });
  it('rejects bad chunks, and more than 50 blocks', () => {
    expect(codeOf(() => validateChunks([{ type: 'task_update', id: 't', title: 'x', status: 'done' }]))).toBe('invalid_chunks');
    expect(codeOf(() => validateChunks([{ type: 'sparkle' }]))).toBe('invalid_chunks');
    expect(codeOf(() => validateChunks([{ type: 'blocks', blocks: repeat(51, () => ({ type: 'divider' })) }]))).toBe('msg_blocks_too_many');
    expect(codeOf(() => validateStreamBlocks(repeat(51, () => ({ type: 'divider' }))))).toBe('msg_blocks_too_many');
  });
});
