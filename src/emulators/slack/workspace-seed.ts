import type { SlackChannel } from './slack-channel.js';
import type { SlackUser } from './slack-user.js';

/** The fixed workspace every emulator starts with: a script needs no set-up. */
export const workspaceSeed = {
  teamId: 'T0EMUTEAM1',
  teamDomain: 'research-desk-playground',
  teamName: 'Research Desk Playground',
  appId: 'A0EMUAPP01',
  botId: 'B0EMUBOT01',
  botUserId: 'U0EMUBOT01',
  defaultUserId: 'U0EMUUSER1',
  adminUserId: 'U0EMUADMN1',
  defaultChannelId: 'C0EMURSRCH',
  secondChannelId: 'C0EMUMRKTS',
  defaultDmId: 'D0EMUDM001',
};

export function seedUsers(botName: string): SlackUser[] {
  const tz = 'Europe/London';
  return [
    { id: workspaceSeed.defaultUserId, name: 'dana', real_name: 'Dana Analyst', is_admin: false, is_owner: false, is_bot: false, tz },
    { id: workspaceSeed.adminUserId, name: 'alex.admin', real_name: 'Alex Admin', is_admin: true, is_owner: false, is_bot: false, tz },
    { id: workspaceSeed.botUserId, name: 'research_desk', real_name: botName, is_admin: false, is_owner: false, is_bot: true, tz },
  ];
}

export function seedChannels(created: number): SlackChannel[] {
  return [
    { id: workspaceSeed.defaultChannelId, name: 'research', is_im: false, is_private: false, created },
    { id: workspaceSeed.secondChannelId, name: 'markets', is_im: false, is_private: false, created },
    {
      id: workspaceSeed.defaultDmId,
      name: workspaceSeed.defaultUserId,
      is_im: true,
      is_private: true,
      user: workspaceSeed.defaultUserId,
      created,
    },
  ];
}
