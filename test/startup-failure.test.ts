import { describe, expect, it } from 'vitest';
import { describeStartupFailure } from '../src/startup-failure.js';
import { StateStoreError } from '../src/store/state-store-error.js';

const context = {
  ports: [
    { variable: 'PORT', port: 3000 },
    { variable: 'PLAYGROUND_PORT', port: 8080 },
  ],
  dataDir: '/srv/desk/data',
};

function errno(code: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${code}: something`), { code, ...fields });
}

describe('describeStartupFailure', () => {
  it('names the variable of a port in use and how to find who holds it', () => {
    const line = describeStartupFailure(errno('EADDRINUSE', { syscall: 'listen', port: 8080 }), context);
    expect(line).toContain('port 8080 is already in use');
    expect(line).toContain('lsof -i :8080');
    expect(line).toContain('set PLAYGROUND_PORT to a free port (example: PLAYGROUND_PORT=8081)');
  });

  it('tells apart a privileged port from a busy one', () => {
    const line = describeStartupFailure(errno('EACCES', { syscall: 'listen', port: 80 }), {
      ...context,
      ports: [{ variable: 'PORT', port: 80 }],
    });
    expect(line).toBe('not allowed to listen on port 80: set PORT to a free port (example: PORT=81), above 1023');
  });

  it('says a full disk is full, and where, even when the store wrapped the error', () => {
    const wrapped = new StateStoreError('unavailable', 'journal append failed', { cause: errno('ENOSPC', { syscall: 'write' }) });
    expect(describeStartupFailure(wrapped, context)).toBe(
      'the disk holding DATA_DIR /srv/desk/data is full: free some space, or set DATA_DIR to a directory on another disk',
    );
  });

  it('passes on the lock message, which already says who holds DATA_DIR', () => {
    const locked = new StateStoreError('locked', 'DATA_DIR /srv/desk/data is already in use by process 42; …');
    expect(describeStartupFailure(locked, context)).toBe(locked.message);
  });

  it('covers unwritable and read-only data directories', () => {
    expect(describeStartupFailure(errno('EACCES', { syscall: 'open' }), context)).toContain('cannot write DATA_DIR /srv/desk/data');
    expect(describeStartupFailure(errno('EROFS', { syscall: 'open' }), context)).toContain('read-only file system');
  });

  it('leaves bugs alone, so they keep their stack', () => {
    expect(describeStartupFailure(new TypeError('x is undefined'), context)).toBeUndefined();
    expect(describeStartupFailure(errno('ECONNREFUSED', { syscall: 'connect' }), context)).toBeUndefined();
  });
});
