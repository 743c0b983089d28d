/** A child process on an IPC channel (child_process.fork) that answers messages by their type. */
import { fork, type ChildProcess } from 'node:child_process';

export interface ForkedWorker {
  child: ChildProcess;
  send(message: object): void;
  /** The next message of this type, or a rejection if the child exits first. */
  next<T extends { type: string }>(type: T['type']): Promise<T>;
  stop(): Promise<void>;
}

export function forkWorker(file: string, env: Record<string, string> = {}): ForkedWorker {
  // execArgv [] so the child runs plain node, not this process's loader (tsx).
  const child = fork(file, [], { execArgv: [], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    send: (message) => child.send(message),
    next: <T extends { type: string }>(type: T['type']) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (message: T): void => {
          if (message.type !== type) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message);
        };
        const onExit = (code: number | null): void => {
          child.off('message', onMessage);
          reject(new Error(`${file} exited (${code}) while waiting for "${type}"`));
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
