/** Where a response_url posts to, and how often it was used. */
export interface ResponseUrlEntry {
  id: string;
  channel: string;
  user: string;
  createdAt: number;
  uses: number;
  /** The message the interaction came from (block_actions, message_action); none for slash commands. */
  messageTs?: string;
  isEphemeral: boolean;
  threadTs?: string;
  /** When the app first answered through this URL (for latency measurements). */
  firstUsedAt?: number;
}
