/**
 * App Home's "Research service" section: how this workspace reaches the research service, whose
 * connection it is (its own, or its organisation's for an org-wide install) and who manages it, and
 * for those who may, the buttons to connect, change the key or disconnect. Never the key
 * itself: only its last characters, as the directory gives them.
 */
import type { KnownBlock } from '@slack/types';
import type { ConnectionOwner } from '../../workspaces/workspace-errors.js';
import type { ConnectionSummary } from '../../workspaces/workspaces.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { actions, button, context, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn } from '../blocks/escape.js';
import { displayDate } from '../blocks/format.js';

export type HomeConnection =
  /** The operator's SERVICE_API_KEY serves the deployment: nothing to change from Slack. */
  | { mode: 'single' }
  | {
      mode: 'multi';
      connection?: ConnectionSummary;
      mayManage: boolean;
      /** Whose the connection is (default: the workspace's own). */
      owner?: ConnectionOwner;
      /** Why the viewer's last attempt to change it was refused (ours, never typed text). */
      notice?: string;
    };

/** The value of *Change key* (same action as *Connect*): the modal is titled for a change. */
export const CHANGE_KEY_VALUE = 'change';

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,}$/;

export const NOT_CONNECTED_TEXT = 'Not connected yet: commands and questions need a research-service account first.';
export const WHO_MAY_CONNECT = 'A workspace admin or owner can connect it here.';
export const WHO_MAY_CHANGE = 'A workspace admin or owner can change or disconnect it.';
/** An org-wide installation's connection serves every workspace of the org: App Home says so in each. */
export const ORG_CONNECTION_TEXT =
  'This is your Enterprise Grid organisation’s connection, used by every workspace of the organisation: org admins and org owners manage it.';
export const ORG_WHO_MAY_CONNECT = 'An org admin or org owner can connect it here, for every workspace of the organisation.';
export const ORG_WHO_MAY_CHANGE = 'Only an org admin or org owner can change or disconnect it.';

/** At most 4 blocks (header, section, and a context or actions row). */
export function renderConnectionSection(input: HomeConnection, timeZone = 'UTC'): KnownBlock[] {
  const blocks: KnownBlock[] = [header('Research service')];
  if (input.mode === 'single') {
    blocks.push(section(':electric_plug: Connected by the operator (SERVICE_API_KEY).'));
    return blocks;
  }
  const { connection } = input;
  const org = input.owner === 'organisation';
  const status = connection ? connectedLine(connection, timeZone) : NOT_CONNECTED_TEXT;
  blocks.push(section(`:electric_plug: ${status}${org ? `\n${ORG_CONNECTION_TEXT}` : ''}`));
  if (!input.mayManage) {
    const whoMay = connection ? (org ? ORG_WHO_MAY_CHANGE : WHO_MAY_CHANGE) : org ? ORG_WHO_MAY_CONNECT : WHO_MAY_CONNECT;
    blocks.push(context(...(input.notice ? [`:no_entry: ${escapeMrkdwn(input.notice)}`] : []), whoMay));
    return blocks;
  }
  if (!connection) {
    blocks.push(actions([button({ text: 'Connect research service', actionId: ACTION_IDS.homeConnect, style: 'primary' })]));
    return blocks;
  }
  blocks.push(
    actions([
      button({ text: 'Change key', actionId: ACTION_IDS.homeConnect, value: CHANGE_KEY_VALUE }),
      button({
        text: 'Disconnect',
        actionId: ACTION_IDS.homeDisconnect,
        style: 'danger',
        confirm: {
          title: 'Disconnect the research service?',
          text: org
            ? 'Research Desk stops answering in every workspace of the organisation until someone connects it again. Digests and watches stay, but are not posted meanwhile.'
            : 'Research Desk stops answering in this workspace until someone connects it again. Digests and watches stay, but are not posted meanwhile.',
          confirm: 'Disconnect',
          deny: 'Keep it',
        },
      }),
    ]),
  );
  return blocks;
}

/** The key hint to show, or '' for none ('…' alone: a short key's record from before short keys got no hint). */
export function shownKeyHint(keyHint: string): string {
  return keyHint.trim().replace(/^…$/, '');
}

/** "Connected by <@U…> on 2026-11-24 · key …9f3a · https://…" (pure). */
export function connectedLine(connection: ConnectionSummary, timeZone = 'UTC'): string {
  const who = SLACK_USER_ID.test(connection.connectedBy) ? `<@${connection.connectedBy}>` : escapeMrkdwn(connection.connectedBy);
  const when = displayDate(connection.connectedAtMs, timeZone);
  const hint = shownKeyHint(connection.keyHint);
  const parts = [`Connected by ${who}${when ? ` on ${when}` : ''}`];
  if (hint) parts.push(`key ${escapeMrkdwn(hint.startsWith('…') ? hint : `…${hint}`)}`);
  // Untrusted (typed into the connect modal): shown as text, never as a link.
  if (connection.baseUrl) parts.push(escapeMrkdwn(connection.baseUrl));
  return parts.join(' · ');
}
