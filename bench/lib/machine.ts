import os from 'node:os';

/** The machine a figure was measured on, written next to every result. */
export interface MachineDescription {
  os: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  memoryGiB: number;
  node: string;
  loadAverage: number[];
}

export function describeMachine(): MachineDescription {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
