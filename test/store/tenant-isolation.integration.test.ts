/** Tenant scoping of the per-workspace stores on the stores the app runs on: a real Redis, and the embedded file store. */
import { describeTenantIsolation } from './tenant-isolation-suite.js';
import { storeKinds } from './store-harness.js';

describeTenantIsolation(storeKinds(['redis', 'file']));
