/**
 * Slack shows a slash command's `usage_hint` from manifest.yml as the user types (the playground
 * shows the same hints): every form a hint names must be one the app accepts, and every word of it
 * must appear in the command's own help card, so the hint never suggests what the app refuses.
 *
 * Hint grammar: forms separated by ` | `; in a form, `<placeholder>`, `[optional]`, and
 * `[a|b|c]` for one of several (an alternative may hold spaces: `weekly mon`); `N` in `key:N` is
 * a number. Every combination of the optional parts is parsed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SlackMessage } from '../src/slack-api/slack-message.js';
import { renderConceptsHelp } from '../src/slack/concepts/concepts-help.js';
import { renderResearchHelp } from '../src/slack/research/research-help.js';
import { renderFinancialsHelp } from '../src/slack/financials/financials-help.js';
import { parseConceptsArgs } from '../src/slack/concepts/parse-concepts-args.js';
import { parseFinancialsArgs } from '../src/slack/financials/args/parse-financials-args.js';
import { parseResearchArgs } from '../src/slack/research/parse-research-args.js';

interface ManifestCommand {
  command: string;
  usage_hint?: string;
}

const manifest = parse(readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8')) as {
  features: { slash_commands: ManifestCommand[] };
};

const NOW = new Date('2025-06-30T12:00:00Z');

/** How the app reads each command's text, and its help card. */
const COMMANDS: Record<string, { parse: (text: string) => { kind: string }; help: () => SlackMessage }> = {
  '/research': { parse: (text) => parseResearchArgs(text, NOW), help: renderResearchHelp },
  '/financials': { parse: (text) => parseFinancialsArgs(text, NOW), help: renderFinancialsHelp },
  '/concepts': { parse: (text) => parseConceptsArgs(text), help: renderConceptsHelp },
};

/** What a user would type for each placeholder. */
const SAMPLES: Record<string, string> = {
  '<query>': 'AI capex guidance',
  '<question>': 'what drives NVDA margins?',
  '<SYMBOL>': 'NVDA',
  '<SYMBOL1>': '600519',
  '<SYMBOL2>': 'HK:00700',
  '#channel': '#research',
  N: '5',
};

/** Splits on `sep` where no `[` or `<` is open. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (ch === '[' || ch === '<') depth += 1;
    if (ch === ']' || ch === '>') depth -= 1;
    if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(current);
      current = '';
      i += sep.length - 1;
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function fill(word: string): string {
  if (SAMPLES[word] !== undefined) return SAMPLES[word];
  if (/^<.*>$/.test(word)) throw new Error(`no sample for placeholder ${word}: add one to SAMPLES`);
  return word.replace(/^([a-z]+):N$/, (_m, key: string) => `${key}:${SAMPLES.N}`);
}

/** Every text a form stands for: each optional part left out or given as each of its alternatives. */
function expandForm(form: string): string[] {
  let texts = [''];
  for (const part of splitTopLevel(form, ' ')) {
    const optional = /^\[(.*)\]$/.exec(part);
    const choices = optional ? ['', ...splitTopLevel(optional[1] ?? '', '|')] : [part];
    const filled = choices.map((c) => c.split(' ').filter(Boolean).map(fill).join(' '));
    texts = texts.flatMap((t) => filled.map((c) => `${t} ${c}`.trim()));
  }
  return texts;
}

/** The words of a hint a user types literally (not placeholders), as the help card must show them. */
function literalWords(hint: string): string[] {
  return hint
    .replace(/<[^>]*>/g, ' ')
    .split(/[\s[\]|]+/)
    .filter((w) => w !== '' && !SAMPLES[w])
    .map((w) => w.replace(/:N$/, ':'));
}

function helpText(message: SlackMessage): string {
  return `${message.text} ${JSON.stringify(message.blocks)}`;
}

describe('usage hints in manifest.yml', () => {
  const commands = manifest.features.slash_commands;

  it('give every command a hint and a parser', () => {
    expect(commands.map((c) => c.command).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const c of commands) expect(c.usage_hint, c.command).toBeTruthy();
  });

  for (const c of commands) {
    const hint = c.usage_hint ?? '';
    const app = COMMANDS[c.command];

    it(`${c.command}: every form of "${hint}" is accepted by the app`, () => {
      if (!app) throw new Error(`no parser for ${c.command}`);
      const refused = splitTopLevel(hint, ' | ')
        .flatMap(expandForm)
        .filter((text) => app.parse(text).kind === 'usage');
      expect(refused).toEqual([]);
    });

    it(`${c.command}: every word of the hint appears in the command's help`, () => {
      if (!app) throw new Error(`no help for ${c.command}`);
      const help = helpText(app.help());
      expect(literalWords(hint).filter((w) => !help.includes(w))).toEqual([]);
    });
  }

  it('the expansion is exhaustive and catches a form the app refuses', () => {
    expect(expandForm('<SYMBOL> [balance|prices] [limit:N]')).toEqual([
      'NVDA',
      'NVDA limit:5',
      'NVDA balance',
      'NVDA balance limit:5',
      'NVDA prices',
      'NVDA prices limit:5',
    ]);
    // The hint the playground used to show: `/concepts [topic]` is refused by the app.
    expect(expandForm('[topic]').filter((t) => parseConceptsArgs(t).kind === 'usage')).toEqual(['topic']);
  });
});
