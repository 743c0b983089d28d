/**
 * The emulator's canvas controls, for tests and the playground (PLAYGROUND-API.md, "Canvases"):
 * read a channel's canvases and a canvas's Markdown, delete one as a user would in Slack, and turn
 * canvases off (or a workspace's plan to free) to see the app's answers to Slack's refusals.
 */
import type { EmulatorState } from '../state.js';
import { canvasMarkdown, type StoredCanvas } from './canvases-state.js';

/** A canvas as read: its record and its whole Markdown. */
export type CanvasView = StoredCanvas & { markdown: string };

export interface EmulatorCanvases {
  /** The canvases of a channel (tabs and access grants), or of every channel; oldest first, the channel canvas first. */
  list(channelId?: string): CanvasView[];
  get(canvasId: string): CanvasView | undefined;
  /** A user deletes the canvas in Slack: the app's next canvases.edit of it answers canvas_not_found. */
  delete(canvasId: string): boolean;
  /** Canvases turned off for a workspace (canvas_disabled_user_team), or on again. */
  setEnabled(teamId: string, enabled: boolean): void;
  /** A workspace on Slack's free plan: standalone canvases need a channel. */
  setFreePlan(teamId: string, free: boolean): void;
}

const view = (canvas: StoredCanvas): CanvasView => ({ ...structuredClone(canvas), markdown: canvasMarkdown(canvas) });

export function createEmulatorCanvases(state: EmulatorState): EmulatorCanvases {
  const store = state.canvases;
  return {
    list: (channelId) => store.list(channelId).map(view),
    get: (canvasId) => {
      const canvas = store.canvases.get(canvasId);
      return canvas === undefined ? undefined : view(canvas);
    },
    delete: (canvasId) => {
      const canvas = store.canvases.get(canvasId);
      if (canvas === undefined) return false;
      store.canvases.delete(canvasId);
      state.changed({ kind: 'canvas', ...(canvas.channelId ? { channel: canvas.channelId } : {}) });
      return true;
    },
    setEnabled: (teamId, enabled) => {
      if (enabled) store.disabledTeams.delete(teamId);
      else store.disabledTeams.add(teamId);
      state.changed({ kind: 'canvas' });
    },
    setFreePlan: (teamId, free) => {
      if (free) store.freeTeams.add(teamId);
      else store.freeTeams.delete(teamId);
      state.changed({ kind: 'canvas' });
    },
  };
}
