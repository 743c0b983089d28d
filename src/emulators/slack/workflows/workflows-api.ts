/**
 * The playground's Workflow Builder routes under `/api/workflows` (PLAYGROUND-API.md, "Workflows"):
 * the app's functions, saved workflows, running one now or a single step, reading a run (waiting
 * for it with `?wait=`), canceling it, and driving schedules by the emulator's clock (`tick`).
 */
import type { IncomingMessage } from 'node:http';
import { EmulatorUsageError } from '../errors.js';
import { sendJson } from '../http-io.js';
import type { PlaygroundRoutes } from '../playground-routes.js';
import { readPlaygroundBody, requiredString } from '../playground-body.js';
import type { SlackEmulator } from '../slack-emulator.js';
import { isRecord } from '../validation/validation-issue.js';
import { WaitForTimeoutError } from '../wait-for.js';
import type { WorkflowInput } from './workflow-definition.js';
import type { WorkflowRun } from './workflow-run.js';

/** A long poll answers by then at the latest, with the run as it is (`timed_out: true`). */
const DEFAULT_WAIT_MS = 10_000;
const MAX_WAIT_MS = 60_000;

const body = (req: IncomingMessage): Promise<Record<string, unknown>> => readPlaygroundBody(req, 1024 * 1024);

function waitMs(url: URL): number {
  const n = Number(url.searchParams.get('timeout_ms') ?? DEFAULT_WAIT_MS);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_WAIT_MS) : DEFAULT_WAIT_MS;
}

async function readRun(emu: SlackEmulator, runId: string, url: URL): Promise<{ run: WorkflowRun; timed_out?: true }> {
  const run = emu.workflows.run(runId);
  if (run === undefined) throw new EmulatorUsageError('run_not_found', `no workflow run ${runId}`);
  const wait = url.searchParams.get('wait');
  if (wait === null) return { run };
  try {
    if (wait === 'finished') return { run: await emu.workflows.waitForRun(runId, waitMs(url)) };
    if (wait === 'delivered' || wait === 'step_finished') {
      const step = Number(url.searchParams.get('step'));
      if (!Number.isInteger(step) || step < 1) throw new EmulatorUsageError('invalid_arguments', `wait=${wait} needs step=<n> (1-based)`);
      await emu.workflows.waitForStep(runId, step, wait === 'delivered' ? 'delivered' : 'finished', waitMs(url));
      return { run: emu.workflows.run(runId) ?? run };
    }
  } catch (error) {
    if (error instanceof WaitForTimeoutError) return { run: emu.workflows.run(runId) ?? run, timed_out: true };
    throw error;
  }
  throw new EmulatorUsageError('invalid_arguments', 'wait must be finished, delivered or step_finished');
}

/** Answers a `/api/workflows…` route. */
export const handleWorkflowRoutes: PlaygroundRoutes = async (req, res, path, url, emu) => {
  const method = req.method ?? 'GET';
  const wf = emu.workflows;
  if (method === 'GET' && path === 'workflows') {
    return sendJson(res, 200, {
      ok: true,
      functions: wf.functions(),
      workflows: wf.list().map((w) => ({ ...w, nextRunAt: wf.nextRunAt(w.id) ?? null })),
      runs: wf.runs().slice(0, 50),
    });
  }
  if (method === 'GET' && path === 'workflows/executions') return sendJson(res, 200, { ok: true, executions: wf.executions() });
  const runMatch = /^workflows\/runs\/([^/]+)(\/cancel)?$/.exec(path);
  if (runMatch !== null) {
    const runId = decodeURIComponent(runMatch[1] ?? '');
    if (method === 'GET' && runMatch[2] === undefined) return sendJson(res, 200, { ok: true, ...(await readRun(emu, runId, url)) });
    if (method === 'POST' && runMatch[2] !== undefined) {
      const reason = (await body(req)).reason;
      return sendJson(res, 200, { ok: true, run: wf.cancel(runId, typeof reason === 'string' && reason !== '' ? reason : undefined) });
    }
  }
  if (method !== 'POST') return sendJson(res, 404, { ok: false, error: 'unknown_route' });
  if (path === 'workflows') return sendJson(res, 200, { ok: true, workflow: wf.define((await body(req)) as WorkflowInput) });
  if (path === 'workflows/tick') return sendJson(res, 200, { ok: true, started: wf.tick() });
  if (path === 'workflows/step') {
    const b = await body(req);
    const callbackId = requiredString(b, 'callback_id');
    const inputs = isRecord(b.inputs) ? b.inputs : {};
    const run = wf.runStep({
      callback_id: callbackId,
      inputs,
      ...(typeof b.team_id === 'string' ? { team_id: b.team_id } : {}),
      ...(typeof b.user_id === 'string' ? { user_id: b.user_id } : {}),
    });
    return sendJson(res, 200, { ok: true, run });
  }
  const actionMatch = /^workflows\/([^/]+)\/(run|delete)$/.exec(path);
  if (actionMatch !== null) {
    const id = decodeURIComponent(actionMatch[1] ?? '');
    await body(req);
    if (actionMatch[2] === 'run') return sendJson(res, 200, { ok: true, run: wf.start(id) });
    wf.remove(id);
    return sendJson(res, 200, { ok: true });
  }
  return sendJson(res, 404, { ok: false, error: 'unknown_route' });
};
