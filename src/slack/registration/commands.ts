/** Slash commands: the only place their names are registered (kept in step with manifest.yml). */
import type { ListenerRegistry } from '../kit/listener-router.js';
import type { ListenerDeps } from '../kit/listener-deps.js';
import { researchCommand } from '../research/research-command.js';
import { financialsCommand } from '../financials/financials-command.js';
import { conceptsCommand } from '../concepts/concepts-command.js';

export const SLASH_COMMANDS = ['/research', '/financials', '/concepts'] as const;

export function registerCommands(app: ListenerRegistry, deps: ListenerDeps): void {
  app.command('/research', researchCommand(deps));
  app.command('/financials', financialsCommand(deps));
  app.command('/concepts', conceptsCommand(deps));
}
