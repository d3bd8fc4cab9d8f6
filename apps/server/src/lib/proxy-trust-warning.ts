import net from 'node:net';
import type { FastifyInstance } from 'fastify';

// Where a reverse proxy on the same machine or network connects from.
const LOCAL_PROXY = new net.BlockList();
LOCAL_PROXY.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL_PROXY.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL_PROXY.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL_PROXY.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL_PROXY.addAddress('::1', 'ipv6');
LOCAL_PROXY.addSubnet('fc00::', 7, 'ipv6');

/** Whether a socket address is loopback or private: what a reverse proxy in front looks like. */
export function isLocalProxyAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = net.isIP(plain);
  return family !== 0 && LOCAL_PROXY.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * With TRUST_PROXY off, warns (once per process) at the first request that carries
 * X-Forwarded-For from a loopback or private address: a reverse proxy is in front and every user
 * counts as its address, so one stranger's failed sign-ins or one user's e-mails use up the limits
 * of the whole office. The warning names the setting that fixes it.
 */
export function registerProxyTrustWarning(app: FastifyInstance): void {
  let hasWarned = false;
  app.addHook('onRequest', async (request) => {
    if (hasWarned || request.headers['x-forwarded-for'] === undefined) {
      return;
    }
    const peer = request.socket.remoteAddress ?? '';
    if (!isLocalProxyAddress(peer)) {
      return;
    }
    hasWarned = true;
    const proxy = peer.replace(/^::ffff:/, '');
    request.log.warn(
      { proxyAddress: proxy },
      `Requests arrive through a reverse proxy at ${proxy} with X-Forwarded-For, but ` +
        `TRUST_PROXY is off: every client counts as ${proxy} for sign-in throttling and the ` +
        `daily e-mail limits. Set TRUST_PROXY=${proxy} (the proxy's address) or TRUST_PROXY=1 ` +
        '(one proxy hop); see docs/deploy.md.',
    );
  });
}
