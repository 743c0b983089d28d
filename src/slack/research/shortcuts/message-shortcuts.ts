/** The message shortcuts (callback ids as in manifest.yml). Each acks first, then works. */
import type { MessageShortcut } from '@slack/bolt';
import type { ListenerRegistry } from '../../kit/listener-router.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';
import { askAgentMessage } from '../../agent/ask-agent-message.js';
import { researchMessage } from './research-message.js';
import { summarizeMessage } from './summarize-message.js';

export const MESSAGE_SHORTCUT_IDS = {
  research: 'research_message',
  askAgent: 'ask_agent_message',
  summarize: 'summarize_message',
} as const;

export function registerMessageShortcuts(app: ListenerRegistry, deps: ListenerDeps): void {
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.research, type: 'message_action' }, researchMessage(deps));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.askAgent, type: 'message_action' }, askAgentMessage(deps));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.summarize, type: 'message_action' }, summarizeMessage(deps));
}
