export interface ApiCall {
  method: string;
  /** Arguments as received (the token is never recorded). */
  args: Record<string, unknown>;
  ok: boolean;
  error?: string;
  /** HTTP status of the answer (429 when rate limited). */
  status: number;
  at: number;
  /** Which kind of token authenticated the call: never the token itself. */
  token: 'bot' | 'app' | 'invalid' | 'none';
  /** The installation the bot token belongs to: its team id, or the enterprise id of an org-wide one. */
  teamId?: string;
  /** First 8 hex digits of the token's SHA-256: tells tokens apart without recording one. */
  tokenFingerprint?: string;
  /** The function execution whose workflow token (`xwfp-`) made the call. */
  functionExecutionId?: string;
}
