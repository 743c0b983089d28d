/** Tenant scoping of the per-workspace stores on the memory store (unit tier); Redis and files: tenant-isolation.integration.test.ts. */
import { describeTenantIsolation } from './tenant-isolation-suite.js';

describeTenantIsolation(['memory']);
