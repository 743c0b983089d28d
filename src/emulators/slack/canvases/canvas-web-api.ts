/** Every canvas method of the emulated Web API (one entry in web-api-router.ts). */
import type { ApiMethod } from '../web-api/api-context.js';
import { canvasAccessMethods } from './canvas-access-methods.js';
import { canvasWriteMethods } from './canvas-methods.js';

export const canvasMethods: Record<string, ApiMethod> = { ...canvasWriteMethods, ...canvasAccessMethods };
