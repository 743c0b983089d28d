/**
 * App Home's "Research service" section: how this workspace reaches the research service, and
 * for those who may change it, the buttons to connect, change the key or disconnect. Never the key
 * itself: only its last characters, as the directory gives them.
 */
import type { KnownBlock } from '@slack/types';
import type { ConnectionSummary } from '../../workspaces/workspaces.js';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { actions, button, context, header, section } from '../blocks/card-parts.js';
import { escapeMrkdwn } from '../blocks/escape.js';
import { displayDate } from '../blocks/format.js';

export type HomeConnection =
  /** The operator's SERVICE_API_KEY serves the deployment: nothing to change from Slack. */
  { mode: 'single' } | { mode: 'multi'; connection?: ConnectionSummary; mayManage: boolean };

/** The value of *Change key* (same action as *Connect*): the modal is titled for a change. */
export const CHANGE_KEY_VALUE = 'change';

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,}$/;

export const NOT_CONNECTED_TEXT = 'Not connected yet: commands and questions need a research-service account first.';
export const WHO_MAY_CONNECT = 'The person who installed Research Desk or a workspace admin can connect it here.';

/** At most 4 blocks (header, section, and a context or actions row). */
export function renderConnectionSection(input: HomeConnection, timeZone = 'UTC'): KnownBlock[] {
  const blocks: KnownBlock[] = [header('Research service')];
  if (input.mode === 'single') {
    blocks.push(section(':electric_plug: Connected by the operator (SERVICE_API_KEY).'));
    return blocks;
  }
  const { connection } = input;
  if (!connection) {
    blocks.push(section(`:electric_plug: ${NOT_CONNECTED_TEXT}`));
    blocks.push(
      input.mayManage
        ? actions([button({ text: 'Connect research service', actionId: ACTION_IDS.homeConnect, style: 'primary' })])
        : context(WHO_MAY_CONNECT),
    );
    return blocks;
  }
  blocks.push(section(`:electric_plug: ${connectedLine(connection, timeZone)}`));
  if (input.mayManage) {
    blocks.push(
      actions([
        button({ text: 'Change key', actionId: ACTION_IDS.homeConnect, value: CHANGE_KEY_VALUE }),
        button({
          text: 'Disconnect',
          actionId: ACTION_IDS.homeDisconnect,
          style: 'danger',
          confirm: {
            title: 'Disconnect the research service?',
            text: 'Research Desk stops answering in this workspace until someone connects it again. Digests and watches stay, but are not posted meanwhile.',
            confirm: 'Disconnect',
            deny: 'Keep it',
          },
        }),
      ]),
    );
  }
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
