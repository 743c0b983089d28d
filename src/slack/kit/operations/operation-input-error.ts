/**
 * Input an operation cannot run with (an empty query, an unknown symbol or statement, a date in
 * the wrong form): what was wrong and how to fix it, in words a Workflow Builder user or an MCP
 * client can act on. Thrown before the service is asked for anything it cannot answer; the
 * message is user-safe (it quotes only the caller's own input, escaped by whoever renders it).
 */

/** Which kind of mistake: stable, for a caller that maps it (a workflow step's error, an MCP error). */
export type OperationInputErrorCode =
  /** A required input is missing or blank (the search words). */
  | 'missing'
  /** A value is not one of those accepted (a category, a market, a statement): `allowed` lists them. */
  | 'not_allowed'
  /** A date, number or symbol in the wrong form: the message gives the expected form. */
  | 'bad_format'
  /** A number out of range (a limit): the message gives the range. */
  | 'out_of_range'
  /** A well-formed symbol the research service does not know: `suggestions` are the closest it does. */
  | 'unknown_symbol';

export interface OperationInputErrorInit {
  code: OperationInputErrorCode;
  /** The input's name, as the operation's input type names it (`query`, `symbol`, `statement`, `since` …). */
  field: string;
  /** User-safe, says what to do: "Unknown symbol ZZZZ — use SH:600519, HK:00700 or US:NVDA". */
  message: string;
  /** For `not_allowed`: every accepted value. */
  allowed?: readonly string[];
  /** For `unknown_symbol`: the closest symbols the service knows, nearest first (possibly none). */
  suggestions?: readonly string[];
}

export class OperationInputError extends Error {
  override readonly name = 'OperationInputError';
  readonly code: OperationInputErrorCode;
  readonly field: string;
  readonly allowed: readonly string[];
  readonly suggestions: readonly string[];

  constructor(init: OperationInputErrorInit) {
    super(init.message);
    this.code = init.code;
    this.field = init.field;
    this.allowed = init.allowed ?? [];
    this.suggestions = init.suggestions ?? [];
  }
}

export function isOperationInputError(value: unknown): value is OperationInputError {
  return value instanceof OperationInputError;
}
