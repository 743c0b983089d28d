/**
 * App Home's admin section for Slack Connect: whether people of other organisations in the
 * workspace's shared channels may use Research Desk, and (for an admin) the button that changes it.
 * Also the Home tab a user of another organisation sees instead of the workspace's data.
 */
import type { HomeView, KnownBlock } from '@slack/types';
import { ACTION_IDS } from '../blocks/action-ids.js';
import { button, context, header, section } from '../blocks/card-parts.js';
import { clampView } from '../blocks/limits.js';

export interface HomeExternalAccess {
  allowed: boolean;
  /** Only a workspace admin or owner sees the button. */
  mayChange: boolean;
}

/** The button's value: the setting a click asks for. */
export const EXTERNAL_ACCESS_VALUE = { allow: 'allow', block: 'block' } as const;

export function renderExternalAccessSection(access: HomeExternalAccess): KnownBlock[] {
  const state = access.allowed
    ? ':large_green_circle: People from other organisations in shared channels may ask Research Desk public research questions (never this workspace’s folders, watches or Home data).'
    : ':no_entry: Research Desk is turned off for people from other organisations in shared channels.';
  const toggle = access.mayChange
    ? button(
        access.allowed
          ? { text: 'Turn off for other organisations', actionId: ACTION_IDS.homeExternalAccess, value: EXTERNAL_ACCESS_VALUE.block }
          : { text: 'Turn on for other organisations', actionId: ACTION_IDS.homeExternalAccess, value: EXTERNAL_ACCESS_VALUE.allow },
      )
    : undefined;
  return [header('Slack Connect'), section(state, toggle), ...(access.mayChange ? [] : [context('A workspace admin can change this.')])];
}

/** The Home tab of a user of another organisation: why there is nothing of the workspace here. */
export function renderExternalUserHome(reason: string): HomeView {
  return clampView({ type: 'home', blocks: [header('Research Desk'), section(`:no_entry: ${reason}`)] });
}
