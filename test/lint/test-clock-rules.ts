/**
 * The rule that no test depends on the machine's speed (issue 34), checked over every TypeScript
 * file under test/ (the TypeScript compiler's syntax tree, no type checking). Three kinds of
 * finding:
 *
 * - `elapsed-time`: wall time measured, not merely read. A subtraction or a comparison (<, >, <=,
 *   >=) both of whose sides come from the real clock: `Date.now()` or `performance.now()` itself,
 *   or a variable set from an expression that calls it (`const deadline = Date.now() + 5_000`).
 *   `Date.now() - started`, `Date.now() > deadline`, `deadline - Date.now()` are findings;
 *   `Date.now()` building a timestamp (`Math.floor(Date.now() / 1000) - 360`, `Date.now() - DAY`)
 *   is not.
 * - `sleep`: a test waiting a fixed time: a `new Promise` resolved by a `setTimeout`
 *   (`setTimeout(resolve, 50)`), or a call of what `node:timers/promises` exports (`setTimeout`,
 *   `scheduler.wait`). A timer that rejects (a bound on a start that never comes) is not a wait. A
 *   file that turns on vitest's fake timers (`vi.useFakeTimers`) is left alone: the test moves them.
 * - `short-ttl`: a lease, TTL or lock given in a literal under 10 s (10 for a count of seconds):
 *   a property or a constant whose name says lease, ttl or lock and ends in `Ms`/`_MS` (or
 *   `Seconds`/`_SECONDS`), set to a number (or numeric string) below the limit. A short real TTL
 *   lapses by itself on a busy machine, or fails to when a test expects it to.
 *
 * A finding passes only when TEST_CLOCK_ALLOWANCES names its file and rule, with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ClockRule = 'elapsed-time' | 'sleep' | 'short-ttl';

export interface ClockFinding {
  /** Path from the repo root, with forward slashes. */
  file: string;
  /** 1-based. */
  line: number;
  rule: ClockRule;
  text: string;
}

export interface ClockAllowance {
  file: string;
  rule: ClockRule;
  reason: string;
}

/** Shortest lease, TTL or lock a test may give as a literal, in ms. */
export const MIN_TTL_MS = 10_000;

/**
 * Findings allowed, each with why. Kept short: the one shared poll (every other wait goes through
 * it) and one emulator clock, no more.
 */
export const TEST_CLOCK_ALLOWANCES: readonly ClockAllowance[] = [
  {
    file: 'test/support/poll-until.ts',
    rule: 'elapsed-time',
    reason:
      'the one shared poll: its deadline only ends a wait that never ends (a failing test); the test goes on as soon as the condition holds',
  },
  {
    file: 'test/support/poll-until.ts',
    rule: 'sleep',
    reason: 'the one shared poll: the pause between two looks at the condition',
  },
  {
    file: 'test/e2e/app-examples.test.ts',
    rule: 'elapsed-time',
    reason:
      "the emulators' own clock: both run from 10:00 UTC on a fixed demo day and advance at wall speed, so the app's streaming and pacing timers see time pass; nothing is asserted on it",
  },
];

/** Every .ts file under `dir` (a path from `root`), sorted, as paths from `root`. */
export function testFiles(root: string, dir = 'test'): string[] {
  const out: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(child);
      } else if (entry.name.endsWith('.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

const isRealNow = (node: ts.Node): boolean =>
  ts.isCallExpression(node) &&
  node.arguments.length === 0 &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'now' &&
  ts.isIdentifier(node.expression.expression) &&
  (node.expression.expression.text === 'Date' || node.expression.expression.text === 'performance');

/** Whether `node` calls the real clock anywhere inside it (not inside a nested function). */
function callsRealNow(node: ts.Node): boolean {
  if (isRealNow(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => callsRealNow(child) || undefined) === true;
}

const COMPARISONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

const TTL_NAME = /(lease|ttl|lock)/i;
const MS_SUFFIX = /(Ms|_MS)$/;
const SECONDS_SUFFIX = /(Seconds|_SECONDS)$/;

/** The number a literal spells (`3000`, `3_000`, `'2'`), or undefined for anything else. */
function literalNumber(node: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ''));
  if (ts.isStringLiteral(node) && /^\d+$/.test(node.text)) return Number(node.text);
  return undefined;
}

function nameText(name: ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/** The findings of one file's text (`file` names it in the findings). */
export function clockFindingsIn(file: string, text: string): ClockFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: ClockFinding[] = [];
  const add = (node: ts.Node, rule: ClockRule): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    findings.push({ file, line, rule, text: node.getText(source).replace(/\s+/g, ' ').slice(0, 120) });
  };

  // Variables set from the real clock (by name, file-wide: tests keep such names unambiguous).
  const fromClock = new Set<string>();
  const timersPromises = new Set<string>();
  let fakeTimers = false;
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && callsRealNow(node.initializer)) {
      fromClock.add(node.name.text);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      callsRealNow(node.right)
    ) {
      fromClock.add(node.left.text);
    }
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /^(node:)?timers\/promises$/.test(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) timersPromises.add(element.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) timersPromises.add(bindings.name.text);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'useFakeTimers') {
      fakeTimers = true;
    }
    ts.forEachChild(node, collect);
  };
  collect(source);

  /** From the real clock: a call of it, or a variable set from one, maybe inside parentheses or a cast. */
  const clocked = (node: ts.Expression): boolean => {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) return clocked(node.expression);
    if (isRealNow(node)) return true;
    if (ts.isIdentifier(node)) return fromClock.has(node.text);
    // `Date.now() - started` inside a comparison is measured already; a sum keeps its clock.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return clocked(node.left) || clocked(node.right);
    return false;
  };

  /** Whether `node` mentions the identifier `name` (a call of it, or it passed on). */
  const mentions = (node: ts.Node, name: string): boolean =>
    (ts.isIdentifier(node) && node.text === name) || ts.forEachChild(node, (child) => mentions(child, name) || undefined) === true;

  /**
   * Whether a `setTimeout` inside `executor` resolves the promise: `setTimeout(resolve, ms)` or
   * `setTimeout(() => resolve(), ms)`. A timer that rejects bounds a wait that never ends (a start
   * that never comes), as a poll's deadline does: it measures nothing.
   */
  const resolvesOnTimer = (executor: ts.Expression): boolean => {
    if (!ts.isArrowFunction(executor) && !ts.isFunctionExpression(executor)) return false;
    const resolve = executor.parameters[0]?.name;
    if (!resolve || !ts.isIdentifier(resolve)) return false;
    const find = (node: ts.Node): boolean => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setTimeout') {
        const callback = node.arguments[0];
        if (callback && mentions(callback, resolve.text)) return true;
      }
      return ts.forEachChild(node, (child) => find(child) || undefined) === true;
    };
    return find(executor.body);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if ((op === ts.SyntaxKind.MinusToken || COMPARISONS.has(op)) && clocked(node.left) && clocked(node.right)) add(node, 'elapsed-time');
    }
    if (!fakeTimers) {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise') {
        const executor = node.arguments?.[0];
        if (executor && resolvesOnTimer(executor)) add(node, 'sleep');
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const root = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
        if (ts.isIdentifier(root) && timersPromises.has(root.text)) add(node, 'sleep');
      }
    }
    const named =
      ts.isPropertyAssignment(node) || (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name))
        ? { name: nameText(node.name), value: node.initializer }
        : undefined;
    if (named?.name && named.value && TTL_NAME.test(named.name)) {
      const value = literalNumber(named.value);
      if (value !== undefined) {
        if (MS_SUFFIX.test(named.name) && value < MIN_TTL_MS) add(node, 'short-ttl');
        if (SECONDS_SUFFIX.test(named.name) && value * 1000 < MIN_TTL_MS) add(node, 'short-ttl');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Every finding under test/, allowed or not. */
export function findClockFindings(root: string, files: readonly string[] = testFiles(root)): ClockFinding[] {
  return files.flatMap((file) => clockFindingsIn(file, readFileSync(path.join(root, file), 'utf8')));
}

const allowed = (finding: ClockFinding, allowances: readonly ClockAllowance[]): boolean =>
  allowances.some((a) => a.file === finding.file && a.rule === finding.rule);

/** Findings no allowance covers. */
export function unallowedClockFindings(findings: readonly ClockFinding[], allowances = TEST_CLOCK_ALLOWANCES): ClockFinding[] {
  return findings.filter((f) => !allowed(f, allowances));
}

/** Allowances that no longer cover any finding (the file was fixed, moved or removed). */
export function staleClockAllowances(findings: readonly ClockFinding[], allowances = TEST_CLOCK_ALLOWANCES): ClockAllowance[] {
  return allowances.filter((a) => !findings.some((f) => f.file === a.file && f.rule === a.rule));
}
