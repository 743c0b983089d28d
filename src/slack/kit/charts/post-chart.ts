/**
 * The one way a chart reaches Slack, whoever made it (a card's Chart button, compare):
 * - a small series goes as the native `data_visualization` block; price history (preferImage),
 *   anything too large for the block, and a block Slack answers `invalid_blocks` for (still
 *   rolling out) go as a PNG rendered on the server and uploaded as a file, with alt text;
 * - a public card's chart goes into its thread; an ephemeral card has no thread and a file cannot
 *   be ephemeral, so its native chart comes back ephemerally (response_url) and its PNG goes to
 *   the user's DM with the app, with an ephemeral note saying where it went.
 * Every call waits out rate limits and paces channel posts with the shared budget; failures are
 * thrown as SlackCallErrors for the listener's failure reply.
 */
import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { ChartData } from '../../../charts/chart-data.js';
import { findChartFonts } from '../../../charts/find-chart-fonts.js';
import { createPngRenderer, type PngRenderer } from '../../../charts/png-renderer.js';
import { renderChartSvg } from '../../../charts/render-chart-svg.js';
import { zoomedAxisNote } from '../../../charts/value-axis-zoom.js';
import type { Logger } from '../../../observability/logger.js';
import { type Sleep, withRateLimitWait } from '../../../slack-api/rate-limit-wait.js';
import { isSlackCallError, SlackCallError, toSlackCallError } from '../../../slack-api/slack-call-error.js';
import { SLACK_METHOD } from '../../../slack-api/slack-method.js';
import { clampText } from '../../blocks/clamp-text.js';
import { dataVisualizationBlock, type DataVisualizationBlock } from '../../blocks/data-visualization.js';
import { renderNotice } from '../../blocks/error-card.js';
import { escapeMrkdwn, plainText } from '../../blocks/escape.js';
import { SLACK_LIMITS } from '../../blocks/limits.js';
import { channelPostPacer, type ChannelPostPacer } from '../pacing/channel-post-pacer.js';
import { RESPONSE_URL, respondEphemeral } from '../deliver-card.js';
import type { ListenerDeps } from '../listener-deps.js';
import { uploadChartPng } from './chart-png-upload.js';

/** Where the chart of a card goes: the card's channel and thread, or (ephemeral card) the user. */
export interface ChartTarget {
  client: WebClient;
  userId: string;
  teamId?: string;
  channelId?: string;
  /** A public card's thread; absent for an ephemeral card. */
  threadTs?: string;
  isEphemeral: boolean;
  /** The click's (or command's) response_url. */
  respond: RespondFn;
  log: Logger;
}

export type ChartDelivered = { via: 'native'; where: 'thread' | 'ephemeral' } | { via: 'image'; where: 'thread' | 'dm'; fellBack: boolean };

export interface PostChartOptions {
  /** Always a PNG (price history: hundreds of points, read as a shape). */
  preferImage?: boolean;
}

export interface ChartDelivery {
  postChart(target: ChartTarget, data: ChartData, options?: PostChartOptions): Promise<ChartDelivered>;
}

export interface ChartDeliveryOptions {
  renderPng?: PngRenderer;
  sleep?: Sleep;
  uploadFetch?: typeof fetch;
}

/** Slack did not take the native block (not rolled out to this workspace, or refused). */
function nativeRefused(error: unknown): boolean {
  if (!isSlackCallError(error)) return false;
  // A response_url answers 400 with the reason in a body Bolt's respond() does not keep.
  return error.code === 'invalid_blocks' || (error.method === RESPONSE_URL && error.code === 'http_400');
}

const CHART_PX = { width: 1200, height: 675 } as const;

/**
 * Builds the delivery once per process: the PNG renderer finds its fonts once (and warns once
 * when they are missing).
 */
export function createChartDelivery(
  deps: Pick<ListenerDeps, 'budget' | 'clock' | 'logger'>,
  options: ChartDeliveryOptions = {},
): ChartDelivery {
  let renderPng = options.renderPng;
  const png = (data: ChartData): Uint8Array<ArrayBuffer> => {
    renderPng ??= createPngRenderer(findChartFonts(), (warning) => deps.logger.warn(warning));
    return new Uint8Array(renderPng(renderChartSvg(data, CHART_PX)));
  };
  const pacerFor = (target: ChartTarget, channel: string): ChannelPostPacer | undefined =>
    target.teamId
      ? channelPostPacer(deps, { teamId: target.teamId, channelId: channel }, target.log, options.sleep ? { sleep: options.sleep } : {})
      : undefined;

  const upload = (target: ChartTarget, data: ChartData, channel: string, threadTs?: string) => {
    const title = clampText(plainText(data.title), SLACK_LIMITS.headerTextChars);
    const pacer = pacerFor(target, channel);
    return uploadChartPng(
      {
        client: target.client,
        channel,
        ...(threadTs ? { threadTs } : {}),
        ...(pacer ? { pacer } : {}),
        ...(options.sleep ? { sleep: options.sleep } : {}),
        ...(options.uploadFetch ? { uploadFetch: options.uploadFetch } : {}),
      },
      { filename: 'chart.png', title, altText: altTextOf(data), png: png(data) },
    );
  };

  const postNativeInThread = async (target: ChartTarget, channel: string, threadTs: string, block: DataVisualizationBlock) => {
    const pacer = pacerFor(target, channel);
    await withRateLimitWait(
      async () => {
        await pacer?.beforePost();
        return target.client.chat.postMessage({ channel, thread_ts: threadTs, text: fallbackText(block), blocks: [block] });
      },
      {
        method: SLACK_METHOD.postMessage,
        policy: 'interactive',
        ...(options.sleep ? { sleep: options.sleep } : {}),
        onRateLimited: (e) => pacer?.rateLimited(e.retryAfterMs ?? 1_000),
      },
    );
  };

  const respondNative = async (target: ChartTarget, block: DataVisualizationBlock) => {
    try {
      await target.respond({ response_type: 'ephemeral', replace_original: false, text: fallbackText(block), blocks: [block] });
    } catch (error) {
      throw toSlackCallError(RESPONSE_URL, error);
    }
  };

  /** The user's DM with the app: chat.postMessage to a user id posts there and names the channel. */
  const postToDm = async (target: ChartTarget, data: ChartData): Promise<string> => {
    const res = await withRateLimitWait(
      () => target.client.chat.postMessage({ channel: target.userId, text: `The chart you asked for: ${escapeMrkdwn(data.title)}` }),
      { method: SLACK_METHOD.postMessage, policy: 'interactive', ...(options.sleep ? { sleep: options.sleep } : {}) },
    );
    if (typeof res.channel !== 'string')
      throw new SlackCallError({ method: SLACK_METHOD.postMessage, code: 'missing_channel', outcome: 'unknown' });
    return res.channel;
  };

  return {
    async postChart(target, data, opts = {}) {
      const block = opts.preferImage ? null : dataVisualizationBlock(data);
      let fellBack = false;
      if (!target.isEphemeral && target.channelId && target.threadTs) {
        if (block) {
          try {
            await postNativeInThread(target, target.channelId, target.threadTs, block);
            return { via: 'native', where: 'thread' };
          } catch (error) {
            if (!nativeRefused(error)) throw error;
            target.log.info('native chart refused; sending it as an image', { error });
            fellBack = true;
          }
        }
        await upload(target, data, target.channelId, target.threadTs);
        return { via: 'image', where: 'thread', fellBack };
      }
      if (block) {
        try {
          await respondNative(target, block);
          return { via: 'native', where: 'ephemeral' };
        } catch (error) {
          if (!nativeRefused(error)) throw error;
          target.log.info('native chart refused; sending it as an image by DM', { error });
          fellBack = true;
        }
      }
      const dm = await postToDm(target, data);
      await upload(target, data, dm);
      await respondEphemeral(
        target.respond,
        renderNotice('I sent the chart to your DM with me: a file cannot be shown to you alone here.', ':bar_chart:'),
      );
      return { via: 'image', where: 'dm', fellBack };
    },
  };
}

function fallbackText(block: DataVisualizationBlock): string {
  return `Chart: ${escapeMrkdwn(block.title)}`;
}

/** What a screen reader says for the PNG: the title and what is drawn. */
function altTextOf(data: ChartData): string {
  const what =
    data.kind === 'pie'
      ? `Pie chart of ${data.segments.map((s) => s.label).join(', ')}`
      : `${data.kind === 'bar' ? 'Bar' : 'Line'} chart of ${data.series.map((s) => s.name).join(', ')} from ${data.categories[0] ?? ''} to ${data.categories[data.categories.length - 1] ?? ''}${data.yTitle ? `, in ${data.yTitle}` : ''}${zoomedAxisNote(data) ? ` (${zoomedAxisNote(data)})` : ''}`;
  return clampText(plainText(`${data.title}. ${what}.`), SLACK_LIMITS.imageAltTextChars);
}
