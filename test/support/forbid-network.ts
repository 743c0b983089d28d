/**
 * Setup file of the unit tier: a unit test that opens a socket or listens on a port fails at once,
 * naming the rule, so a test that needs Redis, an emulator or HTTP gets named `*.integration.test.ts`
 * instead of slowing the unit tier down (see vitest.config.ts and the README's test section).
 */
import net from 'node:net';

const refuse = (what: string): never => {
  throw new Error(`unit tests do no I/O: this test ${what}; name it *.integration.test.ts (or *.e2e.test.ts)`);
};

net.Socket.prototype.connect = function connect(): never {
  return refuse('opened a network connection');
};
net.Server.prototype.listen = function listen(): never {
  return refuse('listened on a port');
};
