/** A folder's files and their status; deleting a file or a folder (issue 31). */
import type { RegisterSlice } from '../../kit/feature-hooks.js';

export const registerManageDocuments: RegisterSlice = (_app, _deps, _hooks) => {};
