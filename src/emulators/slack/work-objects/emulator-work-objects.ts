/**
 * The emulator's Work Object controls, for tests and the playground (PLAYGROUND-API.md, "Work
 * Objects"): open a Work Object's side panel as a user, read what it shows, click one of its
 * actions, close it, and say whether a workspace takes Work Objects at all.
 */
import type { ActionDeps } from '../action-deps.js';
import type { DeliveryResult } from '../delivery/delivery-record.js';
import { clickEntityAction, flexpaneEntity, openEntityDetails } from './entity-interactions.js';
import type { Flexpane } from './work-objects-state.js';

/** A side panel as read: its state and the entity it shows now (the app's, else the unfurl's). */
export type FlexpaneView = Flexpane & { shown: Record<string, unknown> };

export interface EmulatorWorkObjects {
  /** The user clicks the Work Object of `url` on a message: its side panel opens, `entity_details_requested` is sent. */
  openDetails(p: { channel_id: string; message_ts: string; url: string; user_id?: string }): Promise<{
    flexpane: FlexpaneView;
    delivery?: DeliveryResult;
  }>;
  /** The side panel a user has open, or undefined. */
  flexpane(userId?: string): FlexpaneView | undefined;
  /** A click on an action of the user's side panel, or (with channel_id, message_ts and url) of the unfurl. */
  clickAction(p: { action_id: string; user_id?: string; channel_id?: string; message_ts?: string; url?: string }): Promise<DeliveryResult>;
  closeFlexpane(userId?: string): void;
  /** Whether a workspace takes Work Objects (default yes): where not, chat.unfurl refuses `metadata`. */
  setWorkspaceTakesWorkObjects(teamId: string, takes: boolean): void;
}

function view(panel: Flexpane | undefined): FlexpaneView | undefined {
  return panel === undefined ? undefined : { ...panel, shown: flexpaneEntity(panel) };
}

export function createEmulatorWorkObjects(deps: ActionDeps): EmulatorWorkObjects {
  const { state } = deps;
  const userOf = (userId: string | undefined): string => userId ?? state.seed.defaultUserId;
  return {
    openDetails: async (p) => {
      const opened = await openEntityDetails(deps, p);
      return { flexpane: view(opened.flexpane) as FlexpaneView, ...(opened.delivery ? { delivery: opened.delivery } : {}) };
    },
    flexpane: (userId) => view(state.workObjects.flexpanes.get(userOf(userId))),
    clickAction: (p) => clickEntityAction(deps, p),
    closeFlexpane: (userId) => {
      if (state.workObjects.flexpanes.delete(userOf(userId))) state.changed({ kind: 'flexpane', user: userOf(userId) });
    },
    setWorkspaceTakesWorkObjects: (teamId, takes) => {
      if (takes) state.workObjects.refusingTeams.delete(teamId);
      else state.workObjects.refusingTeams.add(teamId);
    },
  };
}
