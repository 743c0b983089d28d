// @ts-check
/** Mutation targets: permissions (folders, files, watches, subscriptions, runs, other organisations). */

const SLACK_PERMISSIONS = 'test/slack/kit/permissions';

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [
  // Who may see or change a channel's things, and the membership look-up behind it.
  { mutate: 'src/slack/kit/permissions/channel-access.ts', tests: [`${SLACK_PERMISSIONS}/channel-access.integration.test.ts`] },
  { mutate: 'src/slack/kit/permissions/member-channel-ids.ts', tests: [`${SLACK_PERMISSIONS}/channel-access.integration.test.ts`] },
  // Files added to research folders: who reads one, who may add one.
  {
    mutate: 'src/slack/kit/permissions/document-access.ts',
    tests: [`${SLACK_PERMISSIONS}/document-access.test.ts`, `${SLACK_PERMISSIONS}/document-access.integration.test.ts`],
  },
  { mutate: 'src/slack/folders/add/file-access.ts', tests: ['test/slack/folders/add/file-access.integration.test.ts'] },
  // Folders: delete and search.
  {
    mutate: 'src/slack/kit/permissions/folder-delete-permission.ts',
    tests: [`${SLACK_PERMISSIONS}/folder-permissions.integration.test.ts`, `${SLACK_PERMISSIONS}/document-access.test.ts`],
  },
  {
    mutate: 'src/slack/kit/permissions/folder-search-permission.ts',
    tests: [`${SLACK_PERMISSIONS}/folder-permissions.integration.test.ts`, `${SLACK_PERMISSIONS}/document-access.test.ts`],
  },
  // Users of another organisation (Slack Connect).
  {
    mutate: 'src/slack/kit/permissions/external-user.ts',
    tests: [`${SLACK_PERMISSIONS}/external-user.test.ts`, `${SLACK_PERMISSIONS}/external-access.integration.test.ts`],
  },
  {
    mutate: 'src/slack/kit/permissions/external-access.ts',
    tests: [`${SLACK_PERMISSIONS}/external-user.test.ts`, `${SLACK_PERMISSIONS}/external-access.integration.test.ts`],
  },
  { mutate: 'src/slack/kit/permissions/refuse-external-user.ts', tests: [`${SLACK_PERMISSIONS}/external-access.integration.test.ts`] },
  // Watches, digest subscriptions, replays of runs.
  { mutate: 'src/slack/watch/watch-permission.ts', tests: ['test/slack/watch/watch-permission.integration.test.ts'] },
  {
    mutate: 'src/slack/concepts/digest/subscription-change-permission.ts',
    tests: ['test/slack/concepts/digest/subscription-change-permission.integration.test.ts'],
  },
  { mutate: 'src/slack/agent/replay/replay-permission.ts', tests: ['test/slack/agent/replay/replay-permission.test.ts'] },
];
