/**
 * The agent: mentions, DMs and thread replies start runs; the agent view; Cancel, Replay and
 * "Ask the agent" buttons; answer feedback and Save as canvas; the "Ask the agent" message shortcut. `/research ask`
 * and `/research replay` are parsed by the research slice and handed here through the hooks.
 */
import type { MessageShortcut } from '@slack/bolt';
import type { FeatureHooks, RegisterSlice } from '../kit/feature-hooks.js';
import { MESSAGE_SHORTCUT_IDS } from '../kit/message-shortcut-ids.js';
import { registerAgentActions } from './agent-actions.js';
import { registerAgentEvents } from './agent-events.js';
import { setUpAgentView } from './agent-view/agent-view-opened.js';
import { askAgentMessage } from './ask-agent-message.js';
import { ACTION_IDS, actionIdPattern } from '../blocks/action-ids.js';
import { saveAnswerCanvasListener } from './canvas/save-answer-canvas.js';
import { registerFeedbackActions } from './feedback/feedback-actions.js';
import { registerFeedbackViews } from './feedback/feedback-modal-submit.js';
import { replayFromCommand } from './replay/replay.js';
import { askAboutDocument } from './runs/ask-about-document.js';
import { startAgentRunFromCommand } from './runs/start-agent-run-from-command.js';

export const registerAgent: RegisterSlice = (app, deps) => {
  registerAgentEvents(app, deps);
  registerAgentActions(app, deps);
  registerFeedbackActions(app, deps);
  registerFeedbackViews(app, deps);
  app.action(actionIdPattern(ACTION_IDS.answerCanvas), saveAnswerCanvasListener(deps));
  app.shortcut<MessageShortcut>({ callback_id: MESSAGE_SHORTCUT_IDS.askAgent, type: 'message_action' }, askAgentMessage(deps));
};

/** What the agent slice offers the others (wired in src/slack/register-listeners.ts). */
export const agentHooks = {
  ask: async (deps, ctx) => {
    await startAgentRunFromCommand(deps, ctx);
  },
  replay: replayFromCommand,
  agentViewOpened: setUpAgentView,
  askAboutDocument: async (deps, request) => {
    await askAboutDocument(deps, request);
  },
} satisfies Pick<FeatureHooks['research'], 'ask' | 'replay'> & Pick<FeatureHooks, 'agentViewOpened' | 'askAboutDocument'>;
