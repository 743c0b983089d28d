/** `/research folder <name or id>` and `/research folders` (issue 31: placeholder until built). */
import type { CommandContext } from '../../kit/command-context.js';
import type { ListenerDeps } from '../../kit/listener-deps.js';

export async function handleFolderShow(_deps: ListenerDeps, _ctx: CommandContext, _args: { folder?: string }): Promise<void> {}
