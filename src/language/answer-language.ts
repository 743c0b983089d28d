/**
 * Which language an answer is written in: Chinese or English, from the question (or, when the
 * question says nothing, e.g. a slash command's symbols, the user's Slack locale). One answer,
 * one language: every caption, heading, period label and unit of it follows this choice.
 */
export type AnswerLanguage = 'zh' | 'en';

const HAN = /\p{Script=Han}/gu;
/** A Latin word of two letters or more that is not a ticker: "Compare", "margins", not "NVDA" or "US:NVDA". */
const LATIN_WORD = /(?<![\p{L}\p{N}:.])(?:[A-Za-z][a-z]+|[a-z]{2,})(?![\p{L}\p{N}:])/gu;

/**
 * The language a text is written in: Han characters against Latin words, so an English question
 * naming 茅台 stays English and a Chinese one naming AMD stays Chinese. Undefined when it has
 * neither (symbols, numbers, emoji only).
 */
export function languageOfText(text: string | undefined): AnswerLanguage | undefined {
  const t = text ?? '';
  const han = t.match(HAN)?.length ?? 0;
  const latin = t.match(LATIN_WORD)?.length ?? 0;
  if (han === 0 && latin === 0) return undefined;
  // A Chinese word is about two characters long.
  return han / 2 >= latin ? 'zh' : 'en';
}

/** A Slack locale (users.info `include_locale`: "zh-CN", "zh-TW", "en-US") → its language; undefined for others or none. */
export function languageOfLocale(locale: string | undefined): AnswerLanguage | undefined {
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  if (language === 'zh') return 'zh';
  if (language === 'en') return 'en';
  return undefined;
}

/** The question's language, else the locale's, else English. */
export function answerLanguage(input: { text?: string | undefined; locale?: string | undefined }): AnswerLanguage {
  return languageOfText(input.text) ?? languageOfLocale(input.locale) ?? 'en';
}
