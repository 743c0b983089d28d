import { expect } from 'vitest';
import {
  type ManifestFunctions,
  type SlackEmulator,
  type SlackEmulatorOptions,
  startSlackEmulator,
} from '../../../../src/emulators/slack/index.js';
import { callApi } from '../call-api.js';
import { type ReceivedRequest, startReceiver } from '../receiver.js';

export const BOT = 'xoxb-emulator-bot-token';
export const SECRET = 'emulator-signing-secret';

/** Two app steps shaped like the app's manifest: a search and a financials step. */
export function buildFunctions(): ManifestFunctions {
  return {
    search_research: {
      title: 'Search research',
      description: 'Searches research',
      input_parameters: {
        properties: { query: { type: 'string', title: 'Search words' }, since: { type: 'slack#/types/date' } },
        required: ['query'],
      },
      output_parameters: {
        properties: {
          result_count: { type: 'number' },
          results: { type: 'slack#/types/rich_text' },
          first_link: { type: 'string' },
        },
        required: ['result_count', 'results'],
      },
    },
    summarise: {
      title: 'Summarise a link',
      input_parameters: {
        properties: {
          link: { type: 'string' },
          note: { type: 'string' },
          count: { type: 'number' },
          channel: { type: 'slack#/types/channel_id' },
        },
        required: ['link'],
      },
      output_parameters: { properties: { summary: { type: 'string' } }, required: ['summary'] },
    },
  };
}

export function buildRichText(text: string): Record<string, unknown> {
  return {
    type: 'rich_text',
    elements: [
      {
        type: 'rich_text_list',
        style: 'bullet',
        elements: [{ type: 'rich_text_section', elements: [{ type: 'link', url: 'https://example.com/d/1', text }] }],
      },
    ],
  };
}

export { callApi };

export interface FunctionExecutedEvent {
  type: 'function_executed';
  function: {
    id: string;
    callback_id: string;
    title: string;
    type: string;
    app_id: string;
    input_parameters: unknown[];
    output_parameters: unknown[];
  };
  inputs: Record<string, unknown>;
  function_execution_id: string;
  workflow_execution_id: string;
  event_ts: string;
  bot_access_token: string;
}

/** The function_executed events the receiver got, in order. */
export function functionEvents(received: readonly ReceivedRequest[]): FunctionExecutedEvent[] {
  return received
    .map((r) => (r.body as { event?: { type?: string } }).event)
    .filter((e): e is FunctionExecutedEvent => e?.type === 'function_executed');
}

/** The function_executed event of one execution. */
export function eventOf(received: readonly ReceivedRequest[], executionId: string | undefined): FunctionExecutedEvent {
  const event = functionEvents(received).find((e) => e.function_execution_id === executionId);
  if (event === undefined) throw new Error(`no function_executed for ${executionId}`);
  return event;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A raw HTTP receiver and a Slack emulator delivering to it that knows the steps of
 * buildFunctions(), with its schedule timer off (tests start runs, or call tick()). `options`
 * adds to or replaces these.
 */
export async function startWorkflowEmulator(
  options: Partial<SlackEmulatorOptions> = {},
): Promise<{ emu: SlackEmulator; receiver: Receiver }> {
  const receiver = await startReceiver(SECRET);
  const emu = await startSlackEmulator({
    requestUrl: receiver.url,
    signingSecret: SECRET,
    rateLimits: 'off',
    workflowFunctions: buildFunctions(),
    workflowScheduleTickMs: 0,
    ...options,
  });
  return { emu, receiver };
}

/** Completes step `step` of a run once delivered, as the app would: functions.completeSuccess with the execution's token. */
export async function completeStep(
  emu: SlackEmulator,
  receiver: Receiver,
  runId: string,
  step: number,
  outputs: Record<string, unknown>,
): Promise<void> {
  const record = await emu.workflows.waitForStep(runId, step, 'delivered');
  const event = eventOf(receiver.received, record.functionExecutionId);
  expect(
    await callApi(emu, 'functions.completeSuccess', event.bot_access_token, {
      function_execution_id: event.function_execution_id,
      outputs,
    }),
  ).toEqual({ ok: true });
}
