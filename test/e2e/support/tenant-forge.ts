/**
 * Forged interactions: a button click or a modal submission as Slack would send it for a person
 * (their team, org and user, signed with the app's signing secret, POSTed to the app's
 * /slack/events), but carrying whatever value or private_metadata the test chooses, such as
 * another workspace's ids. The envelope is taken from a real delivery: the person first types
 * `/research help` in their own channel, and the emulator's slash command (its team, org,
 * install kind, response_url and trigger_id) is what the forged click is built from, so the
 * app's answers land in the emulator like any other.
 */
import { harborWorkspace, northwindOrg, signSlackRequest, WaitForTimeoutError, workspaceSeed } from '../../../src/emulators/slack/index.js';
import { splitCommand } from '../command-helpers.js';
import { E2E_SECRETS, type Harness } from '../harness.js';
import type { Person } from './tenant-world.js';

/** What the person saw of the app's answer: new ephemerals (anywhere), the ack body, modals opened, their Home tab. */
export interface Seen {
  ephemerals: string[];
  ack: string;
  modals: string[];
  /** Their Home tab, when the app published it again. */
  home?: string;
  /** Everything above, in one text, for "shows nothing of the owner's". */
  all: string;
}

interface Envelope {
  fields: Record<string, string>;
  responseUrl: string;
  triggerId: string;
}

/** Every team's channels: a forged request may make the app answer in any of them. */
const TEAMS = [workspaceSeed.teamId, harborWorkspace.teamId, northwindOrg.equities.teamId, northwindOrg.credit.teamId];

const ephemeralsOf = (h: Harness, who: Person) => {
  const channels = [...new Set(TEAMS.flatMap((t) => h.slack.channels(t).map((c) => c.id)))];
  return channels.flatMap((c) => h.slack.ephemeralFor(who.userId, c));
};

/** The bot's messages in the person's DMs with it (where a card goes when there is no channel). */
const dmMessagesOf = (h: Harness, who: Person) =>
  h.slack
    .channels(who.teamId)
    .filter((c) => c.is_im && c.user === who.userId)
    .flatMap((c) =>
      h.slack.channelMessages(c.id).map((m) => ({ key: `${c.id}:${m.ts}`, text: `${m.text ?? ''}\n${JSON.stringify(m.blocks ?? [])}` })),
    );

/** The fields of a real slash command of `who` in their channel, once its answer arrived. */
async function envelopeOf(h: Harness, who: Person): Promise<Envelope> {
  const before = ephemeralsOf(h, who).length;
  const sent = await h.slack.sendCommand({ ...splitCommand('/research help'), channel_id: who.channelId, user_id: who.userId });
  if (!sent.ok || !sent.responseUrl || !sent.triggerId) throw new Error(`help for ${who.name}: ${sent.outcome}`);
  await h.slack.waitFor(() => ephemeralsOf(h, who).length > before || undefined, 15_000);
  const delivery = h.slack.deliveries.find((d) => d.kind === 'slash_command' && d.payload.response_url === sent.responseUrl);
  if (!delivery) throw new Error('no delivery of the help command');
  return { fields: delivery.payload as Record<string, string>, responseUrl: sent.responseUrl, triggerId: sent.triggerId };
}

function interactionBase(type: string, e: Envelope): Record<string, unknown> {
  const f = e.fields;
  const enterprise = f.enterprise_id ? { id: f.enterprise_id, name: f.enterprise_name } : null;
  return {
    type,
    token: f.token,
    api_app_id: f.api_app_id,
    team: {
      id: f.team_id,
      domain: f.team_domain,
      ...(enterprise ? { enterprise_id: enterprise.id, enterprise_name: enterprise.name } : {}),
    },
    enterprise,
    is_enterprise_install: f.is_enterprise_install === 'true',
    user: { id: f.user_id, username: f.user_name, name: f.user_name, team_id: f.team_id },
    trigger_id: e.triggerId,
  };
}

/** POSTs a signed interaction payload to the app; the ack body. */
async function post(h: Harness, payload: Record<string, unknown>): Promise<string> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(`http://127.0.0.1:${h.desk.port}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(E2E_SECRETS.signingSecret, timestamp, body),
    },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`the app answered ${res.status}: ${text}`);
  return text;
}

/** Runs `act` and collects what `who` saw until `settled` says the app has answered. */
/**
 * Waits until `ready` or the deadline, without failing: a person told nothing is the row's
 * failure to report (with the app's log), not the wait's.
 */
async function until(h: Harness, ready: () => boolean): Promise<void> {
  await h.slack
    .waitFor(() => ready() || undefined, ANSWER_MS)
    .catch((error: unknown) => {
      if (!(error instanceof WaitForTimeoutError)) throw error;
    });
}

/** How long an answer may take on a busy machine. */
const ANSWER_MS = 15_000;

/** 'answer': an ack with a body (a modal's errors) or else a message. */
type Needs = 'ephemeral' | 'home' | 'answer' | 'nothing';

async function watchFor(h: Harness, who: Person, act: () => Promise<string>, needs: Needs): Promise<Seen> {
  const before = new Set(ephemeralsOf(h, who).map((e) => `${e.channel}:${e.ts}`));
  const modalsBefore = new Set(h.slack.openModals(who.userId).map((v) => v.id));
  const dmsBefore = new Set(dmMessagesOf(h, who).map((m) => m.key));
  const homeOf = () => JSON.stringify(h.slack.homeViews.get(who.userId) ?? null);
  const homeBefore = homeOf();
  const ack = await act();
  const fresh = () => [
    ...ephemeralsOf(h, who)
      .filter((e) => !before.has(`${e.channel}:${e.ts}`))
      .map((e) => `${e.text}\n${JSON.stringify(e.blocks ?? [])}`),
    ...dmMessagesOf(h, who)
      .filter((m) => !dmsBefore.has(m.key))
      .map((m) => m.text),
  ];
  const newModals = () => h.slack.openModals(who.userId).filter((v) => !modalsBefore.has(v.id));
  // A refusal comes as an ephemeral or DM, or in a modal the click opened (e.g. a feedback form).
  if (needs === 'ephemeral' || (needs === 'answer' && ack.trim() === ''))
    await until(h, () => fresh().length > 0 || newModals().length > 0);
  if (needs === 'home') await until(h, () => homeOf() !== homeBefore);
  const home = h.slack.homeViews.get(who.userId);
  const homeText = homeOf() !== homeBefore && home ? JSON.stringify(home.view.blocks ?? []) : undefined;
  const ephemerals = fresh();
  const modals = newModals().map((v) => JSON.stringify(v.view));
  return {
    ephemerals,
    ack,
    modals,
    ...(homeText !== undefined ? { home: homeText } : {}),
    all: [...ephemerals, ack, ...modals, homeText ?? ''].join('\n'),
  };
}

export interface ForgedClick {
  actionId: string;
  value: string;
  /** The channel the click claims to come from (default: the person's own). */
  channelId?: string;
  /** A message the click claims to be on (ts and metadata), as Slack includes for a message's buttons. */
  message?: { ts: string; metadata?: unknown; thread_ts?: string };
  /** A click on the Home tab instead of a message. */
  fromHome?: boolean;
}

/** A block_actions payload for `who` with the chosen value; resolves once the app answered them. */
export async function forgeClick(h: Harness, who: Person, click: ForgedClick): Promise<Seen> {
  const e = await envelopeOf(h, who);
  const channelId = click.channelId ?? who.channelId;
  const action = {
    type: 'button',
    block_id: 'tenant-fence',
    action_id: click.actionId,
    action_ts: `${Date.now() / 1000}`,
    text: { type: 'plain_text', text: 'Forged' },
    value: click.value,
  };
  const payload: Record<string, unknown> = click.fromHome
    ? {
        ...interactionBase('block_actions', e),
        container: { type: 'view', view_id: 'VTENANTHOME' },
        view: { id: 'VTENANTHOME', type: 'home', team_id: e.fields.team_id, blocks: [], private_metadata: '', callback_id: '' },
        actions: [action],
      }
    : {
        ...interactionBase('block_actions', e),
        container: {
          type: 'message',
          message_ts: click.message?.ts ?? '1.000001',
          channel_id: channelId,
          is_ephemeral: click.message === undefined,
        },
        channel: { id: channelId, name: 'research' },
        response_url: e.responseUrl,
        state: { values: {} },
        ...(click.message
          ? {
              message: {
                type: 'message',
                ts: click.message.ts,
                text: '',
                ...(click.message.thread_ts ? { thread_ts: click.message.thread_ts } : {}),
                ...(click.message.metadata ? { metadata: click.message.metadata } : {}),
              },
            }
          : {}),
        actions: [action],
      };
  return watchFor(h, who, () => post(h, payload), click.fromHome ? 'home' : 'ephemeral');
}

/** A view_submission of a modal `callbackId` with the chosen private_metadata and input values. */
export async function forgeSubmission(
  h: Harness,
  who: Person,
  sub: { callbackId: string; privateMetadata: string; values: Record<string, Record<string, unknown>> },
): Promise<Seen> {
  const e = await envelopeOf(h, who);
  const payload = {
    ...interactionBase('view_submission', e),
    view: {
      id: 'VTENANTFORM',
      team_id: e.fields.team_id,
      type: 'modal',
      callback_id: sub.callbackId,
      private_metadata: sub.privateMetadata,
      state: { values: sub.values },
      hash: '1.forged',
      title: { type: 'plain_text', text: 'Forged' },
      blocks: [],
    },
    response_urls: [],
  };
  return watchFor(h, who, () => post(h, payload), 'answer');
}

/** A slash command typed by `who` in their own channel (nothing forged but the text). */
export async function typeCommand(h: Harness, who: Person, line: string, channelId = who.channelId): Promise<Seen> {
  return watchFor(
    h,
    who,
    async () => {
      const sent = await h.slack.sendCommand({ ...splitCommand(line), channel_id: channelId, user_id: who.userId });
      return sent.body ?? '';
    },
    'ephemeral',
  );
}

/** A message shortcut by `who` on a message of the owner's channel, as a forged payload would name it. */
export async function runShortcut(h: Harness, who: Person, p: { callbackId: string; channelId: string; messageTs: string }): Promise<Seen> {
  const before = new Set(h.slack.ephemeralFor(who.userId, p.channelId).map((e) => e.ts));
  const seen = await watchFor(
    h,
    who,
    async () => {
      const sent = await h.slack.messageShortcut({
        callback_id: p.callbackId,
        channel_id: p.channelId,
        message_ts: p.messageTs,
        user_id: who.userId,
      });
      return sent.body ?? '';
    },
    'nothing',
  );
  // The shortcut's response_url is in the message's channel: its answers to this person land there.
  const freshThere = () => h.slack.ephemeralFor(who.userId, p.channelId).filter((e) => !before.has(e.ts));
  await until(h, () => freshThere().length > 0 || seen.ephemerals.length > 0 || seen.modals.length > 0);
  const there = freshThere();
  const texts = there.map((e) => `${e.text}\n${JSON.stringify(e.blocks ?? [])}`);
  return { ...seen, ephemerals: [...seen.ephemerals, ...texts], all: [seen.all, ...texts].join('\n') };
}
