/**
 * The scheduler's PostDigest for Slack: fetch the trending concepts, compare them with the
 * channel's previous digest, post the digest card with the slot in its metadata, and save what
 * was shown as the next baseline.
 *
 * Never double-post: when an earlier attempt may have landed (a replica died mid-post, or this
 * process lost the answer to a post) the store is asked first — the slot's snapshot, or its ts as
 * the poster or Slack's message_metadata_posted recorded it — and only without either is the
 * channel read: one page of the tier's size from the slot on, inside the shared rate budget.
 * The same goes for a fresh claim the scheduler cannot vouch for (`unvouched`: the store may have
 * lost an earlier claim with a rollback), read only within the window that claim could have posted.
 * 'retryable_error' is returned only when nothing was posted. When Slack cannot tell us whether
 * the digest landed and never will (missing scope), the slot counts as posted: a missing
 * digest is logged as an error, a duplicate would be silent.
 * Each subscription's workspace posts with its own Slack client and reads its own service; a
 * workspace that cannot use the service (not connected, not installed) gets nothing in its channel
 * (no error card): the slot is `skipped`, not retried (the scheduler logs it), and the subscription
 * stays, so the first slot after the workspace connects is posted.
 */
import type { WebClient } from '@slack/web-api';
import type { PostDigest, PostDigestResult } from '../../../schedules/post-digest.js';
import type { Logger } from '../../../observability/logger.js';
import type { Concept, ResearchService } from '../../../service/types.js';
import type { Workspaces } from '../../../workspaces/workspaces.js';
import { isConnectionFailure } from '../../../workspaces/connection-failure.js';
import type { AppStores } from '../../../store/app-stores.js';
import type { DigestSnapshot, DigestSubscription } from '../../../store/records.js';
import { digestSnapshot, renderDigest } from './digest-card.js';
import { classifySlackFailure } from '../../kit/posting/classify-slack-failure.js';
import { lastResortRead, type HistoryReads } from '../../kit/posting/last-resort-read.js';
import { digestMetadata } from './digest-metadata.js';
import { findPostedDigest, type PostedDigestLookup } from './find-posted-digest.js';
import { selectDigestConcepts } from './select-digest-concepts.js';
import { SUMMARY_STOCKS } from '../concepts-card.js';
import { stockNames, withStockNames } from '../concept-stock-names.js';

export interface DigestPosterDeps {
  stores: Pick<AppStores, 'digestMarkers'>;
  logger: Logger;
  clock: () => number;
}

export interface SlackDigestPosterOptions {
  /**
   * Each workspace's service and Slack client. The clients come from createWebClient: a
   * rate-limited post is refused at once (not slept through) and never resent by the SDK, so the
   * scheduler's retry decides and nothing posts twice.
   */
  workspaces: Pick<Workspaces, 'service' | 'slackClient'>;
  deps: DigestPosterDeps;
  /** The tier's page size and the shared rate budget for the last-resort read of the channel. */
  reads?: HistoryReads;
}

export function createSlackDigestPoster({ workspaces, deps, reads }: SlackDigestPosterOptions): PostDigest {
  /** Slots this process posted without learning the outcome: the next attempt looks first. */
  const unsure = new Set<string>();
  /** Unvouched slots this process found absent in Slack and has not posted since: later attempts need no read. */
  const checkedAbsent = new Set<string>();

  return async (sub, slotIso, context) => {
    const key = `${sub.teamId}:${sub.channelId}:${slotIso}`;
    const log = deps.logger.child({
      component: 'digest-poster',
      team: sub.teamId,
      channel: sub.channelId,
      slot: slotIso,
      attempt: context.attempt,
    });

    // Subscriptions keep the team id only: an org-wide install is found from its workspace.
    const workspace = { teamId: sub.teamId };
    let client: WebClient;
    let service: Pick<ResearchService, 'latestConcepts' | 'stockQuery'>;
    try {
      [client, service] = await Promise.all([workspaces.slackClient(workspace), workspaces.service(workspace)]);
    } catch (error) {
      if (isConnectionFailure(error)) {
        // The scheduler's warn line says the slot was skipped; this one says why.
        log.info('digest not posted: the workspace cannot use the research service', { reason: error.name });
        return 'skipped';
      }
      log.warn('digest: workspace directory unavailable; not posting this attempt', { error });
      return 'retryable_error';
    }

    let previous: DigestSnapshot | null;
    try {
      previous = await deps.stores.digestMarkers.getSnapshot(sub.teamId, sub.channelId);
    } catch (error) {
      log.warn('digest: previous snapshot unreadable; not posting this attempt', { error });
      return 'retryable_error';
    }

    // Since the slot began, up to now, or up to when the store may have lost the claim: `latest`.
    const lookUntilMs =
      context.recovered || unsure.has(key) ? deps.clock() : checkedAbsent.has(key) ? undefined : context.unvouched?.untilMs;
    if (lookUntilMs !== undefined) {
      if (previous?.slot === slotIso) {
        log.info('digest of this slot was already posted (snapshot saved); not posting again');
        unsure.delete(key);
        return 'posted';
      }
      if (await recordedTs(sub, slotIso, log)) {
        unsure.delete(key);
        return 'posted';
      }
      const lookup = await findPostedDigest(client, sub.channelId, slotIso, lastResortRead(reads, sub.teamId, lookUntilMs));
      // The found digest carries what it showed: it becomes the next digest's baseline.
      if (lookup.state === 'found' && lookup.snapshot) await saveBaseline(sub, lookup.snapshot);
      if (lookup.state === 'found') await recordTs(sub, slotIso, lookup.ts);
      const verdict = fromLookup(lookup, log, 'before re-posting');
      if (verdict !== 'absent') {
        if (verdict === 'posted') unsure.delete(key);
        return verdict;
      }
      if (!context.recovered) checkedAbsent.add(key);
    }

    let concepts: Concept[];
    try {
      concepts = await service.latestConcepts({ includeDocs: true, correlationId: `digest:${key}` });
    } catch (error) {
      log.warn('digest: trending concepts unavailable', { error });
      return 'retryable_error';
    }
    const shown = selectDigestConcepts(concepts, sub.top);
    const nowMs = deps.clock();
    // Its stocks named as every card names them (one call; a failure keeps the concepts' names).
    const names = await stockNames(
      service,
      shown.flatMap((c) => c.stocks.slice(0, SUMMARY_STOCKS)),
      { call: { correlationId: `digest:${key}` }, log },
    );
    const card = renderDigest({
      concepts: shown.map((c) => withStockNames(c, names)),
      previous,
      top: sub.top,
      nowMs,
      timeZone: sub.timeZone,
    });
    const snapshot = digestSnapshot(shown, nowMs, slotIso);

    let ts: string | undefined;
    try {
      const res = await client.chat.postMessage({
        channel: sub.channelId,
        text: card.text,
        blocks: card.blocks,
        metadata: digestMetadata(slotIso, snapshot),
        unfurl_links: false,
        unfurl_media: false,
      });
      ts = res.ts;
    } catch (error) {
      const failure = classifySlackFailure('chat.postMessage', error);
      if (failure.kind === 'channel_gone') {
        log.warn('digest: channel gone or app removed', { code: failure.code });
        return 'channel_gone';
      }
      if (failure.kind === 'not_sent') {
        log.warn('digest post refused by Slack; nothing was posted', { code: failure.code, error: failure.error });
        return 'retryable_error';
      }
      unsure.add(key);
      checkedAbsent.delete(key);
      log.warn('digest post outcome unknown; looking for it in the channel', { code: failure.code });
      // Slack's push may already have told us (message_metadata_posted): then no read.
      if (!(await recordedTs(sub, slotIso, log))) {
        const lookup = await findPostedDigest(client, sub.channelId, slotIso, lastResortRead(reads, sub.teamId, deps.clock()));
        const verdict = fromLookup(lookup, log, 'after an unknown outcome');
        if (verdict === 'absent') return 'retryable_error';
        if (verdict !== 'posted') return verdict;
      }
    }
    unsure.delete(key);
    checkedAbsent.delete(key);
    if (ts !== undefined) await recordTs(sub, slotIso, ts);
    await saveBaseline(sub, snapshot);
    return 'posted';
  };

  /** A ts recorded for the slot (by an earlier attempt, or Slack's push of its metadata): it was posted. */
  async function recordedTs(sub: DigestSubscription, slotIso: string, log: Logger): Promise<boolean> {
    try {
      const ts = await deps.stores.digestMarkers.getPostedTs(sub.teamId, sub.channelId, slotIso);
      if (ts === null) return false;
      log.info('digest of this slot was already posted (its ts is recorded); not posting again', { ts });
      return true;
    } catch (error) {
      log.warn('digest: recorded ts unreadable; looking in the channel instead', { error });
      return false;
    }
  }

  async function recordTs(sub: DigestSubscription, slotIso: string, ts: string): Promise<void> {
    try {
      await deps.stores.digestMarkers.recordPostedTs(sub.teamId, sub.channelId, slotIso, ts);
    } catch (error) {
      // The marker is completed next; only a crash before it would need Slack's push or a read.
      deps.logger.warn('digest posted but its ts was not recorded', { team: sub.teamId, channel: sub.channelId, ts, error });
    }
  }

  async function saveBaseline(sub: DigestSubscription, snapshot: DigestSnapshot): Promise<void> {
    try {
      await deps.stores.digestMarkers.saveSnapshot(sub.teamId, sub.channelId, snapshot);
    } catch (error) {
      // The digest is in the channel; only the next digest's "what changed" is affected.
      deps.logger.warn('digest posted but its snapshot was not saved', { team: sub.teamId, channel: sub.channelId, error });
    }
  }
}

type LookupVerdict = PostDigestResult | 'absent';

function fromLookup(lookup: PostedDigestLookup, log: Logger, when: string): LookupVerdict {
  switch (lookup.state) {
    case 'found':
      log.info(`digest of this slot found in the channel ${when}; not posting again`, { ts: lookup.ts });
      return 'posted';
    case 'absent':
      return 'absent';
    case 'channel_gone':
      return 'channel_gone';
    case 'unverifiable':
      if (lookup.transient) {
        log.warn(`cannot check the channel for this slot's digest ${when}; trying again later`, { code: lookup.code });
        return 'retryable_error';
      }
      log.error(`cannot check the channel for this slot's digest ${when}; counting it as posted rather than risk a duplicate`, {
        code: lookup.code,
      });
      return 'posted';
  }
}
