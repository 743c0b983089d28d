/** A workspace holds as many MCP tokens as it may: one must be revoked before another is created. */
export class McpTokenLimitError extends Error {
  override readonly name = 'McpTokenLimitError';

  constructor(readonly limit: number) {
    super(`This workspace already has ${limit} MCP tokens, the most it may hold. Revoke one you no longer use, then create a new one.`);
  }
}
