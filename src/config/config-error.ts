/** A variable set wrongly: one line naming it, what is wrong and an example, never the value of a secret. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    problem: string,
    example: string,
  ) {
    super(`${variable} ${problem} (example: ${variable}=${example})`);
  }
}
