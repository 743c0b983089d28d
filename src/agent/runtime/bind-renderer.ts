import type { RunRenderer } from '../sinks/run-renderer.js';
import type { RunContext } from '../state/run-context.js';

/** Binds the renderers to the run, once: after the conversation (and its URL) is known. */
export function bindRenderer(ctx: RunContext): RunRenderer {
  ctx.renderer ??= ctx.deps.rendererFor(ctx.keeper.get());
  return ctx.renderer;
}
