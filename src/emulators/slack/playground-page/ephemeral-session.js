// Slack shows an "Only visible to you" message only in the client session that received it: after
// a reload it is gone. The page keeps that rule by remembering which ephemerals already existed when
// it loaded and never showing those; the emulator's API still lists them (scripts and tests read it).

const keyOf = (channelId, ephemeral) => `${channelId}:${ephemeral.ts}`;

export function createEphemeralSession() {
  const before = new Set();
  return {
    /** Called once per channel while the page loads, before anything is shown. */
    rememberExisting(channelId, ephemerals) {
      for (const e of ephemerals) before.add(keyOf(channelId, e));
    },
    /** The ephemerals this page session received. */
    visible(channelId, ephemerals) {
      return ephemerals.filter((e) => !before.has(keyOf(channelId, e)));
    },
  };
}
