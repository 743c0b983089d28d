import type { AgentViewThread } from '../sinks/agent-view-thread.js';
import type { RunView } from '../state/run-view.js';
import { createNativeStreamSink } from '../sinks/native-stream-sink.js';
import type { RunSink, SinkEvents } from '../sinks/run-sink.js';
import { createUpdateSink, type SinkDeps } from '../sinks/update-sink.js';
import { bindRenderer } from './bind-renderer.js';
import { runMetadata } from './run-metadata.js';
import { type RunContext, runTarget, replyTsOf } from '../state/run-context.js';

/** The run's progress sink on the delivery path its record chose, reporting back into the context. */
export function createRunSink(ctx: RunContext): RunSink {
  const { keeper, cursor } = ctx;
  const events: SinkEvents = {
    onStraySegmentPossible: () => {
      ctx.straySegmentPossible = true;
    },
    onShown: async () => {
      if (cursor.lastOffset > keeper.get().lastOffset) await keeper.save({}, 'progress');
    },
    onSegmentStarting: () => keeper.save({ openStreamTs: 'starting' }, 'progress'),
    onSegmentStarted: (ts) => keeper.save({ openStreamTs: ts, replyTs: [...keeper.get().replyTs, ts] }, 'progress'),
    onSegmentStopped: async (ts) => {
      if (keeper.get().openStreamTs === ts) await keeper.save({ openStreamTs: undefined }, 'progress');
    },
  };
  const deps: SinkDeps = {
    slack: ctx.deps.slack,
    scheduler: ctx.deps.scheduler,
    renderer: bindRenderer(ctx),
    metrics: ctx.deps.metrics,
    logger: ctx.log,
    clock: ctx.deps.clock,
    timers: ctx.deps.timers,
    metadataFor: (view) => runMetadata(ctx, view),
    events,
  };
  const run = keeper.get();
  const target = { ...runTarget(ctx), replyTs: replyTsOf(ctx) };
  const sink =
    run.delivery === 'native'
      ? createNativeStreamSink(target, deps, {
          ...ctx.deps.native,
          recipientUserId: run.askerUserId,
          recipientTeamId: run.askerTeamId ?? run.teamId,
        })
      : createUpdateSink(target, deps);
  return ctx.agentView ? withAgentViewStatus(sink, ctx.agentView, ctx.view) : sink;
}

/**
 * Every view the sink is offered also sets the agent view's status line. The run works from the
 * moment its events are followed, so its session shows Slack's Stop at once, not at the first
 * event (an agent that thinks for a while before it says anything can be stopped meanwhile).
 */
function withAgentViewStatus(sink: RunSink, agentView: AgentViewThread, current: RunView): RunSink {
  agentView.show(current);
  return {
    get path() {
      return sink.path;
    },
    offer(view, arrivedAtMs) {
      agentView.show(view);
      sink.offer(view, arrivedAtMs);
    },
    pendingSince: () => sink.pendingSince(),
    close: () => sink.close(),
  };
}
