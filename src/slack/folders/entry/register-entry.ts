/** Where adding starts: a file shared in a DM, and the *Add to research folder* message shortcut (issue 31). */
import type { RegisterSlice } from '../../kit/feature-hooks.js';

export const registerDocumentEntry: RegisterSlice = (_app, _deps, _hooks) => {};
