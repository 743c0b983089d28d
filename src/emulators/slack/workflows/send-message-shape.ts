import type { StepShape } from './workflow-function-spec.js';

/**
 * Workflow Builder's built-in "Send a message to a channel": a channel and a message (rich text)
 * in, the message's context and link out.
 * @see https://docs.slack.dev/tools/deno-slack-sdk/reference/slack-functions/send_message
 */
export const SEND_MESSAGE_STEP: StepShape = {
  title: 'Send a message to a channel',
  inputs: [
    { name: 'channel_id', type: 'slack#/types/channel_id', title: 'Select a channel', isRequired: true },
    { name: 'message', type: 'slack#/types/rich_text', title: 'Add a message', isRequired: true },
  ],
  outputs: [
    { name: 'message_context', type: 'slack#/types/message_context', title: 'Reference to the message sent', isRequired: true },
    { name: 'message_link', type: 'string', title: 'Link to the message sent', isRequired: true },
  ],
};
