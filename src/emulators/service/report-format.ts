/** How the demo agent's report writes numbers, in Chinese (亿元) or English (bn). */
export type Lang = 'zh' | 'en';

export function amount(value: number, currency: string, lang: Lang): string {
  if (lang === 'zh') return `${(value / 1e8).toFixed(1)}亿${currency === 'USD' ? '美元' : currency === 'HKD' ? '港元' : '元'}`;
  return `${currency} ${(value / 1e9).toFixed(2)}bn`;
}

export function price(value: number, currency: string, lang: Lang): string {
  return lang === 'zh'
    ? `${value.toFixed(2)}${currency === 'USD' ? '美元' : currency === 'HKD' ? '港元' : '元'}`
    : `${currency} ${value.toFixed(2)}`;
}

/** A share: 42.1 → "42.1%". */
export function percent(value: number | undefined): string {
  return value === undefined ? '—' : `${value.toFixed(1)}%`;
}

/** A change: 4.1 → "+4.1%", −3 → "−3.0%". */
export function signedPercent(value: number | undefined): string {
  if (value === undefined) return '—';
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}%`;
}

/**
 * Percent change from `then` to `now`, one decimal; undefined without a positive base (a change
 * on a negative base reads one way or the other depending on the formula: not written).
 */
export function growth(now: number | undefined, then: number | undefined): number | undefined {
  if (now === undefined || then === undefined || then <= 0) return undefined;
  return Math.round(((now - then) / then) * 1000) / 10;
}

export function share(part: number, whole: number): number | undefined {
  return whole === 0 ? undefined : Math.round((part / whole) * 1000) / 10;
}

/** "A, B and C" / "A、B和C". */
export function listNames(names: readonly string[], lang: Lang): string {
  if (names.length <= 1) return names[0] ?? '';
  const head = names.slice(0, -1).join(lang === 'zh' ? '、' : ', ');
  return lang === 'zh' ? `${head}和${names.at(-1)}` : `${head} and ${names.at(-1)}`;
}
