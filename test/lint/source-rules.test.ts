/**
 * The source rules of test/lint/source-rules.ts, over all of src/: no file past 300 lines but the
 * allowed data tables (TypeScript, and the playground page's JavaScript, CSS and HTML), and no
 * error lost by a rejection handler or a `catch`. The examples below pin down what the
 * swallowed-error rule takes as handled, so a change to its definition shows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findLongFiles,
  findStaleAllowances,
  findSwallowedErrors,
  LONG_FILE_ALLOWANCES,
  lengthCheckedFiles,
  lineCount,
  MAX_LINES,
  sourceFiles,
  swallowedErrorsIn,
} from './source-rules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * planted-violations.integration.test.ts plants files named so (its violations and their import
 * targets) in src/ while it runs, maybe in parallel with this file: they are not the codebase's,
 * and one may be gone between listing and reading, so they are left out before anything is read.
 */
const PLANTED = /\/planted-(violation|target)-[^/]*$/;
const notPlanted = (files: readonly string[]): string[] => files.filter((file) => !PLANTED.test(file));

const where = (findings: Array<{ file: string; line: number; message: string }>): string[] =>
  findings.map((f) => `${f.file}:${f.line} ${f.message}`);

describe('source rules over src/', () => {
  it(`has no file past ${MAX_LINES} lines but the allowed data tables`, () => {
    expect(where(findLongFiles(ROOT, notPlanted(lengthCheckedFiles(ROOT))))).toEqual([]);
  });

  it("reads the playground page's JavaScript, CSS and HTML for length, TypeScript alone for swallowed errors", () => {
    const page = 'src/emulators/slack/playground-page';
    const read = lengthCheckedFiles(ROOT);
    for (const file of [`${page}/app.js`, `${page}/base.css`, `${page}/index.html`, 'src/main.ts']) expect(read).toContain(file);
    expect(read.filter((file) => !/\.(ts|js|css|html)$/.test(file))).toEqual([]);
    expect(sourceFiles(ROOT).filter((file) => !file.endsWith('.ts'))).toEqual([]);
  });

  it('allows only files that are long, each with a reason', () => {
    expect(findStaleAllowances(ROOT, notPlanted(lengthCheckedFiles(ROOT)))).toEqual([]);
    for (const reason of Object.values(LONG_FILE_ALLOWANCES)) expect(reason.trim()).not.toBe('');
  });

  it('swallows no error', () => {
    expect(where(findSwallowedErrors(ROOT, notPlanted(sourceFiles(ROOT))))).toEqual([]);
  });
});

describe('the long-file rule', () => {
  it('flags a long JavaScript, CSS or HTML file as it does a TypeScript one, and reads no other kind', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'source-rules-'));
    try {
      mkdirSync(path.join(root, 'src/page'), { recursive: true });
      for (const name of ['a.ts', 'b.js', 'c.css', 'd.html', 'e.json', 'f.md']) {
        writeFileSync(path.join(root, 'src/page', name), 'x\n'.repeat(MAX_LINES + 1));
      }
      writeFileSync(path.join(root, 'src/page/short.css'), 'x\n'.repeat(MAX_LINES));
      expect(findLongFiles(root).map((f) => f.file)).toEqual(['src/page/a.ts', 'src/page/b.js', 'src/page/c.css', 'src/page/d.html']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('lineCount', () => {
  it('counts lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });
});

describe('the swallowed-error rule', () => {
  const found = (code: string): boolean => swallowedErrorsIn('example.ts', code).length > 0;

  it.each([
    ['a handler that drops the error', 'p.catch(() => undefined);'],
    ['a handler that turns it into null', 'p.catch(() => null);'],
    ['an empty handler', 'p.catch(() => {});'],
    ['a handler that only tests it', 'p.catch((error) => { if (isGone(error)) return; });'],
    ['a log line without the error', "p.catch(() => log.warn('gone'));"],
    ['a log line in a block without the error', "p.catch((error) => { log.warn('gone'); return 1; });"],
    ['a function expression that drops it', 'p.catch(function () { return false; });'],
    ['the rejection handler of then()', 'p.then((v) => v, () => undefined);'],
    ['an empty catch block', 'try { f(); } catch {}'],
    ['an empty catch block with only a comment', 'try { f(); } catch (e) { /* ignore */ }'],
    ['a value-only catch after an await', 'async function g() { try { await f(); } catch { return undefined; } }'],
    [
      'a catch after an await that only tests the error',
      'async function g() { try { await f(); } catch (e) { if (gone(e)) return 1; return 2; } }',
    ],
    [
      'a catch that hands the error on only later, in a callback',
      "async function g() { try { await f(); } catch (e) { return () => log.warn('x', { e }); } }",
    ],
  ])('flags %s', (_name, code) => {
    expect(found(code)).toBe(true);
  });

  it.each([
    ['a log line with the error', "p.catch((error: unknown) => log.warn('gone', { error }));"],
    ['a log line through an optional logger', "p.catch((error) => options.logger?.debug('gone', { error }));"],
    ['a rethrow', 'p.catch((error) => { cleanup(); throw error; });'],
    ['a wrapping throw', "p.catch(() => { throw new Error('wrapped'); });"],
    ['the error handed to a function', 'p.catch((error) => { fail(run, error); });'],
    ['the error returned as a value', 'p.catch((error: unknown) => ({ ok: false, error }));'],
    ['the error rejected again', 'p.catch((e) => (isGone(e) ? undefined : Promise.reject(e)));'],
    ['a variable set from the error', 'p.catch((e) => { const code = e.code; return { ok: false, code }; });'],
    ['a handler given by name', 'p.catch(reject);'],
    ['a zod fallback', 'const s = z.string().optional().catch(({ input }) => undefined);'],
    ['a synchronous parse with a fallback value', 'function g(s) { try { return JSON.parse(s); } catch { return undefined; } }'],
    [
      'a catch after an await that logs',
      "async function g() { try { await f(); } catch (error) { log.debug('x', { error }); return 1; } }",
    ],
    [
      'a catch after an await inside a callback only',
      'async function g() { try { list.map(async (x) => await f(x)); } catch { return 1; } }',
    ],
  ])('accepts %s', (_name, code) => {
    expect(found(code)).toBe(false);
  });

  it('says where', () => {
    expect(swallowedErrorsIn('src/x.ts', 'const a = 1;\np.catch(() => null);\n')).toEqual([
      { file: 'src/x.ts', line: 2, message: expect.stringContaining('`() => null` loses the error') },
    ]);
  });
});
