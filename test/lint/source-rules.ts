/**
 * Two rules of the house style that no linter we run checks:
 *
 * - Long files, over every TypeScript, JavaScript, CSS and HTML file under src/ (the last three are
 *   the playground page's): a file past MAX_LINES passes only when LONG_FILE_ALLOWANCES names it
 *   with a reason.
 * - Swallowed errors, over every TypeScript file under src/ (the TypeScript compiler's syntax tree,
 *   no type checking): a `.catch(handler)` (or `.then(…, handler)`) whose handler lets the error
 *   disappear, the same in a `catch` block after an `await` (a rejection too), and an empty
 *   `catch {}` block anywhere. A `catch` around synchronous code that turns bad input into a
 *   documented value (`try { return JSON.parse(s) } catch { return undefined }`) is parsing, not
 *   a lost rejection, and is left alone.
 *
 * A rejection handler (or such a `catch` block) shows its error when its body does one of these:
 *   1. throws (rethrows the error, or throws one that wraps it);
 *   2. hands the error on: its parameter (or something read from it, like `error.message`) is an
 *      argument of a call made as a statement or as the arrow's value (`log.warn('…', { error })`,
 *      `reject(error)`, `fail(run, error)`, `log.debug(\`gone: ${error}\`)`);
 *   3. returns the error as a value (`(error) => ({ ok: false, error })`, `Promise.reject(error)`).
 * A variable set from the error (`const code = error.code`) stands for it from there on.
 * A call that only tests the error (`if (isGone(error)) return;`) does not count: the error goes
 * no further. A handler given by name (`.catch(reject)`, `.catch(onFailure)`) receives the error
 * and passes. So `.catch(() => undefined)`, `.catch(() => null)`, `.catch(() => {})` and a log
 * line without the error all fail. A `.catch` on a zod schema built from `z.` (`z.string().catch(…)`)
 * is zod's fallback for an invalid value, not a rejection handler, and is left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 300;

/** The files the long-file rule reads under src/, by extension. */
export const LENGTH_CHECKED_EXTENSIONS: readonly string[] = ['.ts', '.js', '.css', '.html'];

/**
 * Files under src/ allowed past MAX_LINES, by path from the repo root, each with why. Only the
 * emulators' data tables: literal data reads best whole, and splitting it would only scatter it.
 */
export const LONG_FILE_ALLOWANCES: Readonly<Record<string, string>> = {
  'src/emulators/service/data/companies.ts': 'the demo companies: one literal table of names, symbols, people and figures',
  'src/emulators/service/data/document-text.ts': 'the demo documents’ text templates, mostly literal prose per category and language',
};
export interface Finding {
  /** Path from the repo root, with forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
  message: string;
}

/** Every file under `dir` (a path from `root`) whose name ends with one of `extensions`, sorted, as paths from `root`. */
export function sourceFiles(root: string, dir = 'src', extensions: readonly string[] = ['.ts']): string[] {
  const out: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (extensions.some((extension) => entry.name.endsWith(extension))) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** The files the long-file rule reads: those under src/ with an extension in LENGTH_CHECKED_EXTENSIONS. */
export function lengthCheckedFiles(root: string): string[] {
  return sourceFiles(root, 'src', LENGTH_CHECKED_EXTENSIONS);
}

/** Lines as an editor counts them: a final newline does not start another line. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Files past MAX_LINES that LONG_FILE_ALLOWANCES does not name. */
export function findLongFiles(root: string, files: readonly string[] = lengthCheckedFiles(root)): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) {
    const lines = lineCount(readFileSync(path.join(root, file), 'utf8'));
    if (lines > MAX_LINES && LONG_FILE_ALLOWANCES[file] === undefined) {
      findings.push({ file, line: MAX_LINES + 1, message: `${lines} lines (at most ${MAX_LINES}): split it by concern` });
    }
  }
  return findings;
}

/** Allowances that no longer match a long file: a stale entry would let a new long file of that name in. */
export function findStaleAllowances(root: string, files: readonly string[] = lengthCheckedFiles(root)): string[] {
  const long = new Set(files.filter((file) => lineCount(readFileSync(path.join(root, file), 'utf8')) > MAX_LINES));
  return Object.keys(LONG_FILE_ALLOWANCES).filter((file) => !long.has(file));
}

/** Rejection handlers and `catch` blocks that lose their error, in the files given. */
export function findSwallowedErrors(root: string, files: readonly string[] = sourceFiles(root)): Finding[] {
  return files.flatMap((file) => swallowedErrorsIn(file, readFileSync(path.join(root, file), 'utf8')));
}

/** The same for one file's text (`file` only names it in the findings). */
export function swallowedErrorsIn(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const report = (node: ts.Node, message: string): void => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ file, line: line + 1, message });
  };
  const visit = (node: ts.Node): void => {
    const handler = rejectionHandlerOf(node);
    if (handler && !showsItsError(handler)) {
      report(
        node,
        `rejection handler \`${abbreviate(handler.getText(source))}\` loses the error: log it (with an \`error\` field), rethrow it or hand it on`,
      );
    }
    if (ts.isCatchClause(node)) {
      if (node.block.statements.length === 0) {
        report(node, 'empty `catch` block: log the error, rethrow it, or say in code what the failure means');
      } else if (awaitsIn(node.parent.tryBlock) && !blockShowsError(node.block, catchNames(node))) {
        report(node, '`catch` after an `await` loses the rejection: log it (with an `error` field), rethrow it or hand it on');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The handler of `<expr>.catch(handler)` or `<expr>.then(…, handler)` written inline (arrow or function expression). */
function rejectionHandlerOf(node: ts.Node): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const method = node.expression.name.text;
  if (method === 'catch' && rootOf(node.expression.expression) === 'z') return undefined;
  const argument = method === 'catch' ? node.arguments[0] : method === 'then' ? node.arguments[1] : undefined;
  if (argument === undefined) return undefined;
  const handler = unwrap(argument);
  return ts.isArrowFunction(handler) || ts.isFunctionExpression(handler) ? handler : undefined;
}

/** The identifier a chain like `z.string().optional()` starts from. */
function rootOf(expr: ts.Expression): string | undefined {
  let node = expr;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node) || ts.isElementAccessExpression(node)) node = node.expression;
  return ts.isIdentifier(node) ? node.text : undefined;
}

function showsItsError(handler: ts.ArrowFunction | ts.FunctionExpression): boolean {
  const param = handler.parameters[0]?.name;
  const names = new Set<string>();
  if (param) collectBoundNames(param, names);
  return ts.isBlock(handler.body) ? blockShowsError(handler.body, names) : carriesError(handler.body, names);
}

function blockShowsError(body: ts.Block, errorNames: ReadonlySet<string>): boolean {
  // The error's names, and variables set from it on the way (`const code = error.code`), in source order.
  const names = new Set(errorNames);
  let shows = false;
  const visit = (node: ts.Node): void => {
    if (shows) return;
    // A nested function is not this body: what it does with the error happens later, if ever.
    if (ts.isFunctionLike(node)) return;
    if (ts.isThrowStatement(node)) shows = true;
    else if (ts.isReturnStatement(node) && node.expression && carriesError(node.expression, names)) shows = true;
    else if (ts.isExpressionStatement(node) && statementHandsOnError(node.expression, names)) shows = true;
    else {
      if (ts.isVariableDeclaration(node) && node.initializer && carriesError(node.initializer, names)) collectBoundNames(node.name, names);
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(body, visit);
  return shows;
}

/** A call that is given the error, or an assignment that keeps it (`lastError = error`). */
function statementHandsOnError(expr: ts.Expression, names: ReadonlySet<string>): boolean {
  const node = unwrap(expr);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) return carriesError(node.right, names);
  return (ts.isCallExpression(node) || ts.isNewExpression(node)) && carriesError(node, names);
}

/** Whether the value of `expr` is, holds, or hands a call the error (its tests and conditions aside). */
function carriesError(expr: ts.Expression, names: ReadonlySet<string>): boolean {
  const node = unwrap(expr);
  if (names.size === 0) return false;
  if (ts.isIdentifier(node)) return names.has(node.text);
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return carriesError(node.expression, names);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return (node.arguments ?? []).some((arg) => carriesError(arg, names));
  if (ts.isConditionalExpression(node)) return carriesError(node.whenTrue, names) || carriesError(node.whenFalse, names);
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.CommaToken) return carriesError(node.right, names);
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
      return carriesError(node.left, names) || carriesError(node.right, names);
    }
    return false;
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.some((p) =>
      ts.isShorthandPropertyAssignment(p)
        ? names.has(p.name.text)
        : ts.isPropertyAssignment(p)
          ? carriesError(p.initializer, names)
          : ts.isSpreadAssignment(p) && carriesError(p.expression, names),
    );
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.some((e) => carriesError(e, names));
  if (ts.isSpreadElement(node)) return carriesError(node.expression, names);
  if (ts.isTemplateExpression(node)) return node.templateSpans.some((span) => carriesError(span.expression, names));
  return false;
}

function catchNames(clause: ts.CatchClause): Set<string> {
  const names = new Set<string>();
  if (clause.variableDeclaration) collectBoundNames(clause.variableDeclaration.name, names);
  return names;
}

/** Whether the block itself (not a function inside it) awaits: then its `catch` handles rejections. */
function awaitsIn(block: ts.Block): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found || ts.isFunctionLike(n)) return;
    if (ts.isAwaitExpression(n) || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)) found = true;
    else ts.forEachChild(n, visit);
  };
  ts.forEachChild(block, visit);
  return found;
}

function collectBoundNames(name: ts.BindingName, into: Set<string>): void {
  if (ts.isIdentifier(name)) into.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collectBoundNames(element.name, into);
}

/** Looks through parentheses, `await`, `void`, `as`, `satisfies` and `!`. */
function unwrap(expr: ts.Expression): ts.Expression {
  let node = expr;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isVoidExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

function abbreviate(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}
