/** What a button's answer shares across features: the "expired" notice and where a reply goes. */
import type { SlackMessage } from '../../slack-api/slack-message.js';
import type { ButtonInteraction } from './button-interaction.js';
import { postInChannel, respondEphemeral } from './deliver-card.js';

/** A button whose value no longer decodes (an old card, or a value from another version). */
export const EXPIRED_BUTTON = 'This button no longer works. Run the command again.';

/** In the card's thread when it has one, else ephemerally to the clicker. */
export async function replyNearCard(click: ButtonInteraction, card: SlackMessage): Promise<void> {
  if (click.threadTs && click.channelId) {
    await postInChannel({ client: click.client, channel: click.channelId, threadTs: click.threadTs, respond: click.respond }, card);
    return;
  }
  await respondEphemeral(click.respond, card);
}
