/**
 * The watch poller's PostWatchAlert for Slack: the alert card with the alert's id in its
 * metadata. Never double-post: when an earlier attempt may have landed (recovered), the store is
 * asked for the alert's ts (recorded by the poster or Slack's message_metadata_posted) and only
 * without it is the channel read: one page of the tier's size from the claim on, inside the budget.
 * A fresh alert the poller cannot vouch for (`unvouched`: a rollback may have lost an earlier
 * claim of its documents) is looked for the same way, within that window, by what it alerts: the
 * documents alerted already are left out, and an alert left with none is not posted.
 * 'retryable_error' only when nothing was posted; when Slack cannot tell us and never will
 * (missing scope, too much history), the alert counts as posted — a missing alert is logged as an
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
import type { WatchAlert, WatchRecord } from '../../store/records.js';
import type { Watches } from '../../store/watches.js';
import { findPostedWatchAlert, type PostedWatchAlertLookup } from './find-posted-watch-alert.js';
import { type AlertedContent, watchAlertMetadata } from './watch-metadata.js';

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
    const { unvouched } = context;
    // Up to now for this alert's own claim; for a claim a rollback may have lost, within its window.
    const lookUp = async () => {
      const sinceMs = Math.min(context.claimedAtMs, unvouched?.sinceMs ?? context.claimedAtMs);
      const untilMs = context.recovered || !unvouched ? clock() : unvouched.untilMs;
      const earlier = unvouched ? { watchId: watch.watchId, alert } : undefined;
      const read = lastResortRead(reads, watch.teamId, untilMs);
      return fromLookup(await findPostedWatchAlert(client, watch.channelId, alertId, sinceMs, read, earlier), log);
    };
    let toPost = alert;
    if (context.recovered || unvouched) {
      if (context.recovered && (await recordedTs(watch, alertId, log))) return 'posted';
      const verdict = await lookUp();
      if (verdict !== 'absent' && typeof verdict === 'string') return verdict;
      if (typeof verdict !== 'string') {
        const rest = withoutAlerted(alert, verdict.alertedDocIds);
        if (rest === undefined) {
          log.info('watch alert: every document was alerted already (the store had lost that claim); not posting it again');
          return 'posted';
        }
        toPost = rest;
      }
    }
    const card = renderWatchAlert(watch, toPost);
    try {
      const res = await client.chat.postMessage({
        channel: watch.channelId,
        text: card.text,
        blocks: card.blocks,
        metadata: watchAlertMetadata(watch.watchId, alertId, toPost.kind, alertedContent(toPost)),
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
      return verdict === 'absent' || typeof verdict !== 'string' ? 'retryable_error' : verdict;
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

/** What the alert alerts, in its metadata. */
function alertedContent(alert: WatchAlert): AlertedContent {
  return alert.kind === 'documents' ? { docs: alert.docs.map((d) => d.id) } : { date: alert.date };
}

/** The alert without the documents alerted already; undefined when none is left. */
function withoutAlerted(alert: WatchAlert, alerted: ReadonlySet<string>): WatchAlert | undefined {
  if (alert.kind !== 'documents' || alerted.size === 0) return alert;
  const docs = alert.docs.filter((d) => !alerted.has(d.id));
  if (docs.length === 0) return undefined;
  const { summary, ...rest } = alert;
  return { ...rest, docs, ...(summary && docs.some((d) => d.id === summary.docId) ? { summary } : {}) };
}

/** 'absent' for the alert's own claim; the documents other alerts carried when looking for a lost one. */
function fromLookup(lookup: PostedWatchAlertLookup, log: Logger): PostWatchAlertResult | 'absent' | { alertedDocIds: ReadonlySet<string> } {
  switch (lookup.state) {
    case 'found':
      log.info('watch alert found in the channel; not posting it again', { ts: lookup.ts });
      return 'posted';
    case 'absent':
      return lookup.alertedDocIds.size > 0 ? { alertedDocIds: lookup.alertedDocIds } : 'absent';
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
