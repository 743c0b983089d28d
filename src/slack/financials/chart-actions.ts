/**
 * The Chart button of a data card (card-actions.ts): reads the card's source command again, asks
 * its kind's descriptor for the data and the chart, and delivers it (post-chart.ts). Ack first.
 */
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { renderNotice } from '../blocks/error-card.js';
import { createChartDelivery, type ChartDelivery } from '../kit/charts/post-chart.js';
import { respondEphemeral } from '../kit/deliver-card.js';
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { buttonListener, type ButtonClick, type ButtonInteraction } from '../kit/button-interaction.js';
import { financialsAction, kindContext } from './financials-card.js';
import { readCardButton } from './read-financials-text.js';

const STALE_BUTTON = 'This Chart button cannot be used any more: run the command again and press Chart on the new card.';

async function chartFromCard(deps: ListenerDeps, click: ButtonInteraction, delivery: ChartDelivery): Promise<void> {
  const request = readCardButton(click.value, new Date(deps.clock()));
  if (!request?.descriptor.chart) return respondEphemeral(click.respond, renderNotice(STALE_BUTTON, ':warning:'));
  const { descriptor, args } = request;
  const service = await deps.workspaces.service(click.workspace);
  const data = await descriptor.fetch(
    args,
    kindContext(service, { correlationId: click.correlationId, log: click.log, now: deps.clock() }, 'chart'),
  );
  const chart = descriptor.chart?.(data, args);
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
  click.log.info('chart delivered', { ...delivered, kind: args.kind });
}

export function registerChartActions(app: ListenerRegistry, deps: ListenerDeps): void {
  const delivery = createChartDelivery(deps);
  app.action<ButtonClick>(
    actionIdPattern(ACTION_IDS.cardChart),
    buttonListener(deps, (d, click) => chartFromCard(d, click, delivery), { action: 'drawing the chart' }),
  );
}
