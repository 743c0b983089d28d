/**
 * The watch poller's PostWatchAlert for Slack: the alert card with the alert's id in its
 * metadata. Never double-post: when an earlier attempt may have landed (recovered), the store is
 * asked for the alert's ts (recorded by the poster or Slack's message_metadata_posted) and only
 * without it is the channel read: one page of the tier's size from the claim on, inside the budget. 'retryable_error' only when nothing was posted; when Slack cannot tell us
 * and never will (missing scope), the alert counts as posted — a missing alert is logged as an
 * error, a duplicate would be silent. Each watch's alert goes out with its own workspace's client.
 */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../observability/logger.js';
import type { Workspaces } from '../../workspaces/workspaces.js';
import { isConnectionFailure } from '../../workspaces/connection-failure.js';
import type { PostWatchAlert, PostWatchAlertResult } from '../../schedules/post-watch-alert.js';
import { renderWatchAlert } from './cards/watch-alert-card.js';
import { classifySlackFailure } from '../kit/posting/classify-slack-failure.js';
import { lastResortRead, type HistoryReads } from '../kit/posting/last-resort-read.js';
import type { WatchRecord } from '../../store/records.js';
import type { Watches } from '../../store/watches.js';
import { findPostedWatchAlert, type PostedWatchAlertLookup } from './find-posted-watch-alert.js';
import { watchAlertMetadata } from './watch-metadata.js';

export interface SlackWatchPosterOptions {
  /** Each workspace's Slack client, from createWebClient: a rate-limited post is refused at once, never resent by the SDK. */
  workspaces: Pick<Workspaces, 'slackClient'>;
  logger: Logger;
  /** Where a posted alert's ts is recorded and, after a restart, found before any read of Slack. */
  watches: Pick<Watches, 'recordAlertTs' | 'getAlertTs'>;
  clock: () => number;
  /** The tier's page size and the shared rate budget for the last-resort read of the channel. */
  reads?: HistoryReads;
}

export function createSlackWatchPoster({ workspaces, logger, watches, clock, reads }: SlackWatchPosterOptions): PostWatchAlert {
  return async (watch, alertId, alert, context) => {
    const log = logger.child({ component: 'watch-poster', team: watch.teamId, channel: watch.channelId, watchId: watch.watchId, alertId });
    let client: WebClient;
    try {
      // Watches keep the team id only: an org-wide install is found from its workspace.
      client = await workspaces.slackClient({ teamId: watch.teamId });
    } catch (error) {
      // Never an error card in the channel: the alert waits (nothing was posted) and the watch stays.
      if (isConnectionFailure(error)) log.warn('watch alert not posted: the workspace cannot be reached', { reason: error.name });
      else log.warn('watch alert: workspace directory unavailable; nothing was posted', { error });
      return 'retryable_error';
    }
    const lookUp = async () =>
      fromLookup(
        await findPostedWatchAlert(client, watch.channelId, alertId, context.claimedAtMs, lastResortRead(reads, watch.teamId, clock())),
        log,
      );
    if (context.recovered) {
      if (await recordedTs(watch, alertId, log)) return 'posted';
      const verdict = await lookUp();
      if (verdict !== 'absent') return verdict;
    }
    const card = renderWatchAlert(watch, alert);
    try {
      const res = await client.chat.postMessage({
        channel: watch.channelId,
        text: card.text,
        blocks: card.blocks,
        metadata: watchAlertMetadata(watch.watchId, alertId, alert.kind),
        unfurl_links: false,
        unfurl_media: false,
      });
      if (res.ts) await recordTs(watch, alertId, res.ts, log);
      return 'posted';
    } catch (error) {
      const failure = classifySlackFailure('chat.postMessage', error);
      if (failure.kind === 'channel_gone') {
        log.warn('watch alert: channel gone or app removed', { code: failure.code });
        return 'channel_gone';
      }
      if (failure.kind === 'not_sent') {
        log.warn('watch alert refused by Slack; nothing was posted', { code: failure.code });
        return 'retryable_error';
      }
      log.warn('watch alert outcome unknown; looking for it in the channel', { code: failure.code });
      // Slack's push may already have told us (message_metadata_posted): then no read.
      if (await recordedTs(watch, alertId, log)) return 'posted';
      const verdict = await lookUp();
      return verdict === 'absent' ? 'retryable_error' : verdict;
    }
  };

  /** A ts recorded for the alert (by an earlier attempt, or Slack's push of its metadata): it was posted. */
  async function recordedTs(watch: WatchRecord, alertId: string, log: Logger): Promise<boolean> {
    try {
      const ts = await watches.getAlertTs(watch, alertId);
      if (ts === null) return false;
      log.info('watch alert already posted (its ts is recorded); not posting it again', { ts });
      return true;
    } catch (error) {
      log.warn('watch alert: recorded ts unreadable; looking in the channel instead', { error });
      return false;
    }
  }

  async function recordTs(watch: WatchRecord, alertId: string, ts: string, log: Logger): Promise<void> {
    try {
      await watches.recordAlertTs(watch, alertId, ts);
    } catch (error) {
      // The poller clears the pending alert next; only a crash before it would need Slack's push or a read.
      log.warn('watch alert posted but its ts was not recorded', { ts, error });
    }
  }
}

function fromLookup(lookup: PostedWatchAlertLookup, log: Logger): PostWatchAlertResult | 'absent' {
  switch (lookup.state) {
    case 'found':
      log.info('watch alert found in the channel; not posting it again', { ts: lookup.ts });
      return 'posted';
    case 'absent':
      return 'absent';
    case 'channel_gone':
      return 'channel_gone';
    case 'unverifiable':
      if (lookup.transient) {
        log.warn('cannot check the channel for this watch alert; trying again later', { code: lookup.code });
        return 'retryable_error';
      }
      log.error('cannot check the channel for this watch alert; counting it as posted rather than risk a duplicate', {
        code: lookup.code,
      });
      return 'posted';
  }
}
