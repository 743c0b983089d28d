/**
 * A channel named in a command: `<#C123|name>` (what Slack sends for a linked channel) gives the
 * id, `#name` only the name (resolved by the listener). Used by digests and watches alike.
 */
export interface ChannelRef {
  id?: string;
  name?: string;
}
