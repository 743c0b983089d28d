/**
 * The Chart button of a data card (card-actions.ts): runs the card's source command again for
 * its data, builds the chart and delivers it (post-chart.ts). Ack first; the work is in
 * fetchFinancialsChart and postChart.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { decodeCardSource } from '../kit/card-actions.js';
import { renderNotice } from '../blocks/error-card.js';
import { parseFinancialsArgs } from './args/parse-financials-args.js';
import { createChartDelivery, type ChartDelivery } from '../kit/charts/post-chart.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import { financialsAction } from './fetch/fetch-financials-card.js';
import { fetchFinancialsChart, isChartedRequest } from './fetch/fetch-financials-chart.js';
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { splitPublicFlag } from '../kit/public-flag.js';
import { buttonListener, type ButtonClick, type ButtonInteraction } from '../kit/button-interaction.js';

const STALE_BUTTON = 'This Chart button cannot be used any more: run the command again and press Chart on the new card.';

async function chartFromCard(deps: ListenerDeps, click: ButtonInteraction, delivery: ChartDelivery): Promise<void> {
  const source = decodeCardSource(click.value);
  if (source?.command !== '/financials') return respondEphemeral(click.respond, renderNotice(STALE_BUTTON, ':warning:'));
  const args = parseFinancialsArgs(splitPublicFlag(source.text).text, new Date(deps.clock()));
  if (!isChartedRequest(args)) return respondEphemeral(click.respond, renderNotice(STALE_BUTTON, ':warning:'));
  const request = args;
  const chart = await fetchFinancialsChart(await deps.workspaces.service(click.workspace), request, {
    correlationId: click.correlationId,
    log: click.log,
  });
  if (!chart) {
    return respondEphemeral(
      click.respond,
      renderNotice(`There is nothing to chart in ${financialsAction(request)}: the service returned no figures for it.`),
    );
  }
  const delivered = await delivery.postChart(
    {
      client: click.client,
      userId: click.userId,
      ...(click.teamId ? { teamId: click.teamId } : {}),
      ...(click.channelId ? { channelId: click.channelId } : {}),
      ...(click.threadTs ? { threadTs: click.threadTs } : {}),
      isEphemeral: click.isEphemeral,
      respond: click.respond,
      log: click.log,
    },
    chart.data,
    { preferImage: chart.preferImage },
  );
  click.log.info('chart delivered', { ...delivered, kind: request.kind });
}

export function registerChartActions(app: ListenerRegistry, deps: ListenerDeps): void {
  const delivery = createChartDelivery(deps);
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardChart),
    buttonListener(deps, (d, click) => chartFromCard(d, click, delivery), { action: 'drawing the chart' }),
  );
}
