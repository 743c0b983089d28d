/** The paths the app's health routes answer on (health-routes.ts), read from the routes themselves. */
import { healthRoutes } from '../../src/slack/app/health-routes.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { createRedactor } from '../../src/observability/redactor.js';

export function appHealthPaths(): string[] {
  return healthRoutes([], createMemoryLogger(createRedactor([]))).map((route) => route.path);
}
