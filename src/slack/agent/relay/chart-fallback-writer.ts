/**
 * Charts where Slack takes them. The native `data_visualization` block is rolling out: a
 * workspace without it answers `invalid_blocks` (slack-facts §8). A message holding a chart that
 * Slack refuses that way is sent once more with the chart as text (run-chart.ts): a refused call
 * changed nothing, so sending again cannot duplicate. When the text version is taken, the refusal
 * is remembered for this process, so later answers send the text straight away instead of
 * failing first each time (as the data_table fallback learns refusals, table-fallback-fetch.ts).
 * Every other call passes through unchanged.
 */
import type { KnownBlock } from '@slack/types';
import type { Logger } from '../../../observability/logger.js';
import { isSlackCallError } from '../../../slack-api/slack-call-error.js';
import type { SlackWriter } from '../../../agent/sinks/slack-writer.js';
import { isDataVisualizationBlock, replaceChartBlocks } from '../cards/run-chart.js';

export function withChartFallback(writer: SlackWriter, logger: Logger): SlackWriter {
  let refused = false;
  const send = async <T>(blocks: KnownBlock[], call: (blocks: KnownBlock[]) => Promise<T>): Promise<T> => {
    if (!blocks.some(isDataVisualizationBlock)) return call(blocks);
    if (refused) return call(replaceChartBlocks(blocks));
    try {
      return await call(blocks);
    } catch (error) {
      if (!isSlackCallError(error) || error.code !== 'invalid_blocks') throw error;
      const result = await call(replaceChartBlocks(blocks));
      refused = true;
      logger.warn('Slack refuses the chart block here: answers show their chart as text from now on', { error });
      return result;
    }
  };
  return {
    ...writer,
    postMessage: (args) => send(args.blocks, (blocks) => writer.postMessage({ ...args, blocks })),
    update: (args) => send(args.blocks, (blocks) => writer.update({ ...args, blocks })),
  };
}
