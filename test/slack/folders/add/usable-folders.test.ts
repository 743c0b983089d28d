import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../../src/observability/logger.js';
import { createRedactor } from '../../../../src/observability/redactor.js';
import { usableFolders } from '../../../../src/slack/folders/add/usable-folders.js';
import { createAppStores } from '../../../../src/store/app-stores.js';
import { createMemoryStateStore } from '../../../../src/store/memory-state-store.js';

/** users.info as Slack answers it for each user; a user it does not know fails the call. */
function slackWith(users: Record<string, { team_id: string; is_admin?: boolean; is_owner?: boolean }>): WebClient {
  return {
    users: {
      info: async ({ user }: { user: string }) => {
        const found = users[user];
        if (!found)
          throw Object.assign(new Error('user_not_found'), { code: 'slack_webapi_platform_error', data: { error: 'user_not_found' } });
        return { ok: true, user: { id: user, ...found } };
      },
    },
  } as unknown as WebClient;
}

async function storesWithFolders() {
  const stores = createAppStores(createMemoryStateStore());
  await stores.folders.save({ teamId: 'T1', folderId: 'f-dana', name: 'Dana’s', createdBy: 'UDANA', createdAtMs: 1 });
  await stores.folders.save({ teamId: 'T1', folderId: 'f-alex', name: 'Alex’s', createdBy: 'UALEX', createdAtMs: 2 });
  await stores.folders.save({ teamId: 'T2', folderId: 'f-other', name: 'Elsewhere', createdBy: 'UDANA', createdAtMs: 3 });
  return stores;
}

const log = createMemoryLogger(createRedactor([]));
const ids = (folders: Array<{ folderId: string }>) => folders.map((f) => f.folderId).sort();

describe('usableFolders', () => {
  it('a member gets the folders they created in this workspace; an admin every folder of it', async () => {
    const stores = await storesWithFolders();
    const slack = slackWith({ UDANA: { team_id: 'T1' }, UALEX: { team_id: 'T1', is_admin: true } });
    expect(ids(await usableFolders(stores, slack, { teamId: 'T1', userId: 'UDANA' }, log))).toEqual(['f-dana']);
    expect(ids(await usableFolders(stores, slack, { teamId: 'T1', userId: 'UALEX' }, log))).toEqual(['f-alex', 'f-dana']);
  });

  it('an admin of another workspace counts as a member here; when Slack cannot say, own folders only', async () => {
    const stores = await storesWithFolders();
    const slack = slackWith({ UALEX: { team_id: 'T9', is_owner: true } });
    expect(ids(await usableFolders(stores, slack, { teamId: 'T1', userId: 'UALEX' }, log))).toEqual(['f-alex']);
    expect(ids(await usableFolders(stores, slack, { teamId: 'T1', userId: 'UDANA' }, log))).toEqual(['f-dana']);
  });
});
