import { beforeAll } from 'vitest';
import { describeClearAppState } from './clear-app-state-suite.js';
import { assertRedisReachable, skipRedisTests, storeKinds } from './store-harness.js';

beforeAll(async () => {
  if (!skipRedisTests()) await assertRedisReachable();
});

describeClearAppState(storeKinds(['redis', 'file']));
