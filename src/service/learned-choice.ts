import { isServiceError, type ServiceError } from './errors/service-error.js';

/**
 * One of several ways the service may spell an operation (a route renamed between schema
 * versions, a request field renamed), learned per client from the first answer and kept for the
 * client's life. Options are tried newest first until one answers.
 */
export interface LearnedChoice<T> {
  readonly options: readonly T[];
  /** The option that answered last; undefined until one has. */
  known(): T | undefined;
}

export function createLearnedChoice<T>(options: readonly [T, ...T[]]): LearnedChoice<T> & { learn(option: T | undefined): void } {
  let learned: T | undefined;
  return {
    options,
    known: () => learned,
    learn: (option) => {
      learned = option;
    },
  };
}

export interface TryOptions<T> {
  /** The failure says this option is not how the service spells it: try the next. */
  isWrongOption: (error: ServiceError) => boolean;
  /** Called once when the service's spelling is learned (or learned anew). */
  onLearned?: (option: T) => void;
}

/**
 * Runs `attempt` with the learned option, or with each option in turn until one is not refused
 * as the wrong spelling. An answer (success, or an error that is not about the spelling, such as
 * an unknown symbol) teaches the option. When every option is refused the first refusal is
 * thrown: it is the one about the current spelling. A learned option that stops working is
 * forgotten and the options are tried again (a service upgraded under a running app).
 */
export async function tryLearnedChoice<T, R>(
  choice: LearnedChoice<T> & { learn(option: T | undefined): void },
  attempt: (option: T) => Promise<R>,
  how: TryOptions<T>,
): Promise<R> {
  const known = choice.known();
  let firstRefusal: ServiceError | undefined;
  if (known !== undefined) {
    try {
      return await attempt(known);
    } catch (error) {
      if (!(isServiceError(error) && how.isWrongOption(error))) throw error;
      firstRefusal = error;
      choice.learn(undefined);
    }
  }
  for (const option of choice.options) {
    if (option === known) continue;
    try {
      const out = await attempt(option);
      teach(choice, option, how);
      return out;
    } catch (error) {
      if (isServiceError(error) && how.isWrongOption(error)) {
        firstRefusal ??= error;
        continue;
      }
      if (isServiceError(error) && reachedTheOperation(error)) teach(choice, option, how);
      throw error;
    }
  }
  // Only reachable after at least one refusal: options is never empty.
  throw firstRefusal as ServiceError;
}

function teach<T>(choice: { known(): T | undefined; learn(option: T): void }, option: T, how: TryOptions<T>): void {
  if (choice.known() === option) return;
  choice.learn(option);
  how.onLearned?.(option);
}

/** The service answered the request itself (not an outage, a limit or a lost connection). */
function reachedTheOperation(error: ServiceError): boolean {
  return error.status !== undefined && error.status < 500 && error.status !== 429;
}

/**
 * Starlette's answer for a path no route matches: 404 `{"detail":"Not Found"}`, or 405 when the
 * path exists for another method. A 404 with the stock wrapper or other words (an unknown
 * symbol) is an answer of the route, not its absence.
 * @see https://www.starlette.io/routing/
 */
export function isRouteMissing(error: ServiceError): boolean {
  if (error.status === 405) return true;
  return error.status === 404 && (error.serviceDetail === undefined || error.serviceDetail === 'Not Found');
}
