/**
 * Times each slash command from when the app receives it (Bolt's processEvent) to its ack, and to
 * its first visible answer: the first Slack call that shows the asker something (a response_url
 * post, chat.postMessage or chat.postEphemeral) made while handling it, or an ack that carries a
 * message. The command's async context (AsyncLocalStorage) ties that Slack call to the command
 * without passing anything through the listeners.
 * @see https://nodejs.org/api/async_context.html#class-asynclocalstorage
 * @see https://docs.slack.dev/interactivity/implementing-slash-commands#responding_to_commands
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Histogram, type Registry } from 'prom-client';
import type { SlackCallOutcome } from './call-metrics.js';
import { labelledChildren } from './labelled-children.js';

/** Seconds; Slack's ack deadline is 3 s. */
const ACK_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3];
const FIRST_RESPONSE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * A response_url takes posts for 30 minutes: a post later than that in the command's async context
 * (a timer it happened to start) is not its answer.
 */
const ANSWER_WINDOW_MS = 30 * 60_000;
/** The calls that put something in front of the asker. */
const VISIBLE = new Set(['response_url', 'chat.postMessage', 'chat.postEphemeral']);
/** A command's name as Slack sends it; anything else is counted as `other`. */
const COMMAND_NAME = /^\/[a-z0-9_-]{1,32}$/;

interface Pending {
  answered: boolean;
  startedAt: number;
  firstResponse: Histogram.Internal<'command'>;
}

/** What Bolt's receivers hand the app (a slash command's body has `command`). */
export interface ReceivedEvent {
  body: unknown;
  ack: (response?: unknown) => Promise<void>;
}

export interface CommandTiming {
  /** Runs `process(event)` as a command's handling when the body is a slash command, else as is. */
  process<E extends ReceivedEvent>(event: E, process: (event: E) => Promise<void>): Promise<void>;
  /** The metrics' Slack observer reports each call's end here. */
  slackCallEnded(method: string, outcome: SlackCallOutcome): void;
}

export function createCommandTiming(register: Registry, now: () => number): CommandTiming {
  const ackSeconds = new Histogram({
    name: 'research_desk_command_ack_duration_seconds',
    help: 'Time from receiving a slash command to its ack, by command.',
    labelNames: ['command'] as const,
    buckets: ACK_BUCKETS,
    registers: [register],
  });
  const firstResponseSeconds = new Histogram({
    name: 'research_desk_command_first_response_duration_seconds',
    help: 'Time from receiving a slash command to its first visible answer (response_url post, message, or an ack with a message), by command.',
    labelNames: ['command'] as const,
    buckets: FIRST_RESPONSE_BUCKETS,
    registers: [register],
  });
  const ackOf = labelledChildren((command) => ackSeconds.labels(command), 32);
  const firstResponseOf = labelledChildren((command) => firstResponseSeconds.labels(command), 32);
  const handling = new AsyncLocalStorage<Pending>();

  const answered = (pending: Pending): void => {
    if (pending.answered) return;
    pending.answered = true;
    const elapsedMs = now() - pending.startedAt;
    if (elapsedMs <= ANSWER_WINDOW_MS) pending.firstResponse.observe(elapsedMs / 1000);
  };

  return {
    process(event, process) {
      const name = (event.body as { command?: unknown } | undefined)?.command;
      if (typeof name !== 'string') return process(event);
      const command = COMMAND_NAME.test(name) ? name : 'other';
      const pending: Pending = { answered: false, startedAt: now(), firstResponse: firstResponseOf(command) };
      const ackSecondsOf = ackOf(command);
      const ack = event.ack;
      const timedAck = async (response?: unknown): Promise<void> => {
        await ack(response);
        ackSecondsOf.observe((now() - pending.startedAt) / 1000);
        if (response !== undefined) answered(pending);
      };
      return handling.run(pending, process, { ...event, ack: timedAck });
    },
    slackCallEnded(method, outcome) {
      if (outcome !== 'ok' || !VISIBLE.has(method)) return;
      const pending = handling.getStore();
      if (pending) answered(pending);
    },
  };
}
