// Live updates: the emulator pushes a Server-Sent `change` event on every state change; the page
// gathers the events of one animation frame into a single batch and re-fetches only what changed.

/**
 * connectLiveUpdates({ url, onBatch({ all, channels, views, workspaces, reset }), onStatus('live' | 'offline') })
 * `all` is set after (re)connecting, since events may have been missed while disconnected;
 * `workspaces` when the app was installed or removed somewhere;
 * `reset` when the workspace was reset (everything the page holds is stale).
 */
export function connectLiveUpdates({ url = '/api/events', onBatch, onStatus }) {
  const pending = { all: false, channels: new Set(), views: false, workspaces: false, reset: false, frame: 0 };

  const flush = () => {
    pending.frame = 0;
    const batch = {
      all: pending.all,
      channels: [...pending.channels],
      views: pending.views || pending.all,
      workspaces: pending.workspaces || pending.all,
      reset: pending.reset,
    };
    pending.all = false;
    pending.views = false;
    pending.workspaces = false;
    pending.reset = false;
    pending.channels.clear();
    onBatch(batch);
  };

  const schedule = (change) => {
    if (change.all) pending.all = true;
    if (change.kind === 'reset') pending.reset = true;
    if (change.kind === 'app_installed' || change.kind === 'app_uninstalled') pending.workspaces = true;
    if (change.channel) pending.channels.add(change.channel);
    // Views (modals, Home) change with kinds view_* / home_*; a change without a channel may be one too.
    if (!change.channel || /view|home/.test(change.kind ?? '')) pending.views = true;
    if (!pending.frame) pending.frame = requestAnimationFrame(flush);
  };

  const source = new EventSource(url);
  source.addEventListener('open', () => {
    onStatus('live');
    schedule({ all: true });
  });
  source.addEventListener('change', (e) => {
    let change = {};
    try {
      change = JSON.parse(e.data) ?? {};
    } catch {
      // An unreadable event still means something changed.
    }
    schedule(change);
  });
  // EventSource reconnects by itself (the emulator sends `retry: 1000`).
  source.addEventListener('error', () => onStatus('offline'));
  return { close: () => source.close() };
}

/** Runs loader(key) one at a time per key; asking while one runs schedules exactly one more run. */
export function createSingleFlight() {
  const inflight = new Map();
  return (key, loader) => {
    const entry = inflight.get(key);
    if (entry) {
      entry.again = true;
      return entry.promise;
    }
    const run = { again: false };
    run.promise = (async () => {
      try {
        do {
          run.again = false;
          await loader();
        } while (run.again);
      } finally {
        inflight.delete(key);
      }
    })();
    inflight.set(key, run);
    return run.promise;
  };
}
