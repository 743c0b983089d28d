/** Every domain store of the app, built on one StateStore. */
import type { StateStore } from './state-store.js';
import { DigestMarkers } from './digest-markers.js';
import { EventDedupe } from './event-dedupe.js';
import { FolderOwners } from './folder-owners.js';
import { Leases } from './leases.js';
import { RecentRuns } from './recent-runs.js';
import { RunStore } from './run-store.js';
import { Subscriptions } from './subscriptions.js';
import { ThreadConversations } from './thread-conversations.js';

export interface AppStores {
  state: StateStore;
  runs: RunStore;
  leases: Leases;
  threads: ThreadConversations;
  events: EventDedupe;
  subscriptions: Subscriptions;
  digestMarkers: DigestMarkers;
  folders: FolderOwners;
  recentRuns: RecentRuns;
}

export function createAppStores(state: StateStore, clock: () => number = Date.now): AppStores {
  return {
    state,
    runs: new RunStore(state, clock),
    leases: new Leases(state),
    threads: new ThreadConversations(state, clock),
    events: new EventDedupe(state),
    subscriptions: new Subscriptions(state),
    digestMarkers: new DigestMarkers(state, clock),
    folders: new FolderOwners(state),
    recentRuns: new RecentRuns(state),
  };
}
