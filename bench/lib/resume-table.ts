/**
 * The resume benchmark's medians as plain text for the terminal: one line per store and
 * configuration, one column per app measured (this tree's, and the baseline revision's if asked).
 */

export interface ResumeRow {
  app: string;
  store: string;
  instanceId: string;
  samples: number;
  resumeMedianMs: number;
  resumeAfterReadyMedianMs: number;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export function formatResumeTable(rows: readonly ResumeRow[]): string {
  const apps = [...new Set(rows.map((r) => r.app))];
  const sameConfiguration = (a: ResumeRow, b: ResumeRow): boolean => a.store === b.store && a.instanceId === b.instanceId;
  const configurations = rows.filter((row, i) => rows.findIndex((other) => sameConfiguration(row, other)) === i);
  const lines = ['restart → first resumed chat.update (median; after ready; samples)'];
  for (const configuration of configurations) {
    const cells = apps.map((app) => {
      const row = rows.find((r) => r.app === app && sameConfiguration(r, configuration));
      return `${app} ${row ? `${seconds(row.resumeMedianMs)} (${seconds(row.resumeAfterReadyMedianMs)}; ${row.samples})` : '—'}`;
    });
    lines.push(`  ${configuration.store.padEnd(6)}INSTANCE_ID ${configuration.instanceId.padEnd(16)}${cells.join('   ')}`);
  }
  return `${lines.join('\n')}\n`;
}
