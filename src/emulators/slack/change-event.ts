/** What changed in the workspace (the `change` event): the playground page, the state file and waitFor listen. */
export interface ChangeEvent {
  kind: string;
  channel?: string;
  user?: string;
}
