/**
 * A safe file name for an export: `600519-income-2025-11-24.csv`. Only ASCII letters, digits,
 * dots, dashes and underscores survive, so no path, control or Slack formatting character can
 * reach the upload; a name that comes out empty falls back to `export`.
 */
const MAX_STEM_CHARS = 80;

export function exportFileName(name: string, date: string, extension: 'csv' | 'xlsx'): string {
  const stem =
    `${name}-${date}`
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '')
      .slice(0, MAX_STEM_CHARS) || 'export';
  return `${stem}.${extension}`;
}
