// The playground API as one person: every call that acts or reads as a user carries `user_id`, so
// the emulator answers in that user's workspace (PLAYGROUND-API.md). The page switches workspace by
// switching who acts; until the page knows who, calls go without and the emulator uses its default.

const ACTING_POSTS = [
  'command',
  'message',
  'action',
  'submitView',
  'viewAction',
  'closeView',
  'openHome',
  'openAgentView',
  'stopAgentSession',
  'shareLink',
  'shortcut',
];

/** actingUserId(): the current user id, or undefined. Workspace-wide calls (channels, users, reset …) pass through. */
export function actingUserApi(api, actingUserId) {
  const asUser = (body = {}) => {
    const userId = actingUserId();
    return userId && body.user_id === undefined ? { ...body, user_id: userId } : body;
  };
  const posts = Object.fromEntries(ACTING_POSTS.map((name) => [name, (body) => api[name](asUser(body))]));
  return {
    ...api,
    ...posts,
    // A file share is a form: the acting user goes in as a field.
    shareFile: (form) => {
      const userId = actingUserId();
      if (userId && !form.has('user_id')) form.append('user_id', userId);
      return api.shareFile(form);
    },
    messages: (channelId) => api.messages(channelId, actingUserId()),
    views: () => api.views(actingUserId()),
    home: () => api.home(actingUserId()),
  };
}
