/** `/concepts help`: the list and digest forms with examples. Pure. */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../slack-api/slack-message.js';
import { context, header, section } from '../blocks/card-parts.js';
import { clampMessage } from '../blocks/limits.js';
import { examples } from '../kit/help-card.js';

export function renderConceptsHelp(): SlackMessage {
  const blocks: KnownBlock[] = [
    header('/concepts — trending market concepts'),
    section(examples(['/concepts', '/concepts top:5', '/concepts top:5 --public'])),
    section(
      `*Digests*\n${examples(['/concepts subscribe #research daily at:09:00 tz:Asia/Shanghai top:10', '/concepts subscribe weekdays at:08:30', '/concepts subscribe weekly mon', '/concepts unsubscribe #research', '/concepts subscriptions'])}`,
    ),
    context('Time zones are IANA names such as Asia/Shanghai, Europe/London, America/New_York.'),
    context('The list is visible only to you until you press *Share in channel* (or add `--public`).'),
  ];
  return clampMessage({
    text: 'How to use /concepts: /concepts [top:N], /concepts subscribe [#channel] [daily|weekdays|weekly mon]',
    blocks,
  });
}
