// The workspace switcher (an org's workspaces under its name) and the banner of a workspace the
// app is not installed in, whose "Add to Slack" opens the app's own install page in this tab.

import { h } from './dom.js';
import { groupWorkspaces } from './workspaces.js';

/** select: the <select>; model: { workspaces, workspaceId }; onSwitch(workspaceId). */
export function renderWorkspaceSwitcher(select, model, onSwitch) {
  const option = (w) =>
    h('option', { value: w.id, selected: w.id === model.workspaceId }, w.installed ? w.name : `${w.name} (not installed)`);
  select.replaceChildren(
    ...groupWorkspaces(model.workspaces).flatMap((group) =>
      group.label ? h('optgroup', { label: group.label }, group.workspaces.map(option)) : group.workspaces.map(option),
    ),
  );
  select.value = model.workspaceId ?? '';
  select.hidden = model.workspaces.length < 2;
  select.onchange = () => onSwitch(select.value);
}

/** The banner above the channel: nothing when the app serves the workspace. */
export function renderInstallBanner(el, workspace) {
  if (!workspace || workspace.installed) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  el.replaceChildren(
    h(
      'div',
      { class: 'install-banner-text' },
      h('strong', null, `Research Desk is not installed in ${workspace.name}`),
      h(
        'span',
        null,
        workspace.install_url
          ? ' Install it the way a workspace admin would: Add to Slack, then connect the research service from its Home tab.'
          : ' The app is not running, so it cannot be installed now: start it (npm start) and reload this page.',
      ),
    ),
    // Same tab, as Slack's own "Add to Slack" buttons: the app's page comes back here when done.
    workspace.install_url ? h('a', { class: 'btn btn-primary install-banner-button', href: workspace.install_url }, 'Add to Slack') : null,
  );
}
