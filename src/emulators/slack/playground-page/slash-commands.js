// The app's slash commands as the emulator describes them (GET /api/info → commands, read from the
// app's manifest), so the composer's hints are the app's own help and never drift from it.

// Names only, for an emulator started without the app's commands (a bare emulator in a script):
// the composer can still complete a command, but it invents no description or usage.
const FALLBACK_NAMES = ['/research', '/financials', '/concepts'];

/** [{ command, description, usageHint, shouldEscape? }] from /api/info, or the names-only fallback. */
export function commandsFromInfo(info) {
  const listed = Array.isArray(info?.commands) ? info.commands : [];
  const commands = listed
    .filter((c) => c && typeof c.command === 'string' && c.command.startsWith('/'))
    .map((c) => ({
      command: c.command,
      description: typeof c.description === 'string' ? c.description : '',
      usageHint: typeof (c.usageHint ?? c.usage_hint) === 'string' ? (c.usageHint ?? c.usage_hint) : '',
      shouldEscape: c.shouldEscape ?? c.should_escape,
    }));
  return commands.length > 0 ? commands : FALLBACK_NAMES.map((command) => ({ command, description: '', usageHint: '' }));
}

/** The command a composer text starts with (`/concepts subscribe …` → its entry), if it is one of the app's. */
export function commandOf(text, commands) {
  const name = /^\/\S+/.exec(text)?.[0]?.toLowerCase();
  return name === undefined ? undefined : commands.find((c) => c.command === name);
}
