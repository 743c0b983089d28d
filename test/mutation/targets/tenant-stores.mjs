// @ts-check
/**
 * Mutation targets: the tenant scoping of the per-workspace stores (see ../mutation-targets.mjs).
 * One workspace's records are never visible to, overwritten or deleted by another, and an
 * org-wide (enterprise) installation serves its own workspaces only.
 */

/** The stores' shared suites, on the memory store (unit) and on Redis and the file store (integration). */
const DOMAIN = ['test/store/domain-stores.test.ts', 'test/store/domain-stores.integration.test.ts'];
const DOCUMENTS = ['test/store/research-documents.test.ts', 'test/store/research-documents.integration.test.ts'];
const WORKSPACES = ['test/store/workspace-stores.test.ts'];
/** Two workspaces (and two orgs) with the same ids, on every store kind. */
const TENANTS = ['test/store/tenant-isolation.test.ts', 'test/store/tenant-isolation.integration.test.ts'];

/** @type {ReadonlyArray<{ mutate: string; tests: readonly string[] }>} */
export const TARGETS = [
  // Key naming per workspace: two workspaces (or orgs) never share a key.
  {
    mutate: 'src/store/keys.ts',
    tests: [
      'test/store/keys.test.ts',
      ...TENANTS,
      ...DOMAIN,
      ...DOCUMENTS,
      ...WORKSPACES,
      'test/store/forget-workspace.test.ts',
      'test/store/org-workspaces.integration.test.ts',
    ],
  },
  { mutate: 'src/store/research-documents.ts', tests: [...TENANTS, ...DOCUMENTS] },
  { mutate: 'src/store/folder-owners.ts', tests: [...TENANTS, ...DOMAIN] },
  { mutate: 'src/store/external-access.ts', tests: [...TENANTS, ...WORKSPACES] },
  { mutate: 'src/store/org-workspaces.ts', tests: [...TENANTS, ...WORKSPACES, 'test/store/org-workspaces.integration.test.ts'] },
  { mutate: 'src/store/service-connections.ts', tests: [...TENANTS, ...WORKSPACES] },
  { mutate: 'src/store/installations.ts', tests: [...TENANTS, ...WORKSPACES] },
  { mutate: 'src/store/subscriptions.ts', tests: [...TENANTS, ...DOMAIN] },
  { mutate: 'src/store/watches.ts', tests: ['test/store/watch-id.test.ts', ...TENANTS, ...DOMAIN] },
];
