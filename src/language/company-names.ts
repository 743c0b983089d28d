/**
 * One name per company per language. The service names a company differently by route: the
 * stock routes give a US company its English name and a Chinese one its Chinese name, the concept
 * routes give Chinese names, the profile gives both (`name`, `name_en`). A card or answer passes
 * every name it was given; the one in the answer's script is shown, else the first given, and the
 * symbol is always shown beside it, so the company is recognisable whatever name it gets.
 */
import type { AnswerLanguage } from './answer-language.js';

export interface CompanyNames {
  /** The service's symbol, e.g. US:NVDA, SH:600519. */
  symbol: string;
  /** Every name the service gave it, in any script; empty or blank ones are skipped. */
  names: ReadonlyArray<string | undefined>;
}

const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z]/;

/** Whether a name is written in the language's script (Han for zh; Latin, no Han, for en). */
export function inScript(name: string, lang: AnswerLanguage): boolean {
  return lang === 'zh' ? HAN.test(name) : LATIN.test(name) && !HAN.test(name);
}

/** The name in the answer's script, else the first name given, else undefined. */
export function companyName(company: CompanyNames, lang: AnswerLanguage): string | undefined {
  const names = company.names.map((n) => n?.replace(/\s+/g, ' ').trim() ?? '').filter((n) => n !== '');
  return names.find((n) => inScript(n, lang)) ?? names[0];
}

/** "英伟达 (US:NVDA)" / "NVIDIA (US:NVDA)"; the symbol alone when no name is known. */
export function companyLabel(company: CompanyNames, lang: AnswerLanguage): string {
  const name = companyName(company, lang);
  return name && name !== company.symbol ? `${name} (${company.symbol})` : company.symbol;
}
