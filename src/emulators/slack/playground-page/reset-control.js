// The workspace menu (the workspace name, as in Slack) with "Reset playground…": after a
// confirmation, POST /api/reset empties the workspace and the app's state. Every open page then
// gets a `reset` change and starts over (app.js).

import { failureReason } from './api.js';
import { askConfirm, openMenu } from './menu.js';

const CONFIRM = {
  title: { type: 'plain_text', text: 'Reset the playground?' },
  text: {
    type: 'plain_text',
    text: 'Every message, thread, App Home and subscription goes, and the app forgets its runs. The channels stay. This cannot be undone.',
  },
  confirm: { type: 'plain_text', text: 'Reset' },
  deny: { type: 'plain_text', text: 'Cancel' },
  style: 'danger',
};

/** deps: { button, api, toast(text, kind), moreItems()?: menu items shown above Reset (the current workspace's) } */
export function attachWorkspaceMenu({ button, api, toast, moreItems = () => [] }) {
  const reset = async () => {
    if (!(await askConfirm(CONFIRM, (t) => t.text))) return;
    const result = await api.reset();
    if (!result.ok) toast(`Reset failed: ${failureReason(result)}`, 'error');
  };
  button.addEventListener('click', () =>
    openMenu(button, [...moreItems(), { label: 'Reset playground…', hint: 'Start over', danger: true, onSelect: reset }], {
      label: 'Workspace',
    }),
  );
}
