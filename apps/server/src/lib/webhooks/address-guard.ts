import dns from 'node:dns';
import net from 'node:net';

// SSRF guard for webhook URLs (issue 33): a receiver must be a public address. Checked when an
// endpoint is saved and again at every connection (through `lookup`), since DNS can change.

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: reaches IPv4 behind it
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 4) {
    return BLOCKED.check(address, 'ipv4');
  }
  if (version !== 6) {
    return true;
  }
  // An IPv4-mapped (::ffff:a.b.c.d) or -compatible address is judged by its IPv4 part.
  const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) {
    return BLOCKED.check(mapped[1], 'ipv4');
  }
  const hexMapped = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped?.[1] && hexMapped[2]) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly address: string;
  constructor(address: string) {
    super(`Refused private address ${address}`);
    this.name = 'PrivateAddressError';
    this.address = address;
  }
}

/** The host of a URL without IPv6 brackets. */
export function urlHost(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

/**
 * Every address the URL's host resolves to; throws PrivateAddressError when one is private (a
 * host with one public and one private address could be made to use the private one).
 */
export async function checkPublicHost(url: string): Promise<void> {
  const host = urlHost(url);
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const refused = addresses.find((address) => isPrivateAddress(address));
  if (refused !== undefined) {
    throw new PrivateAddressError(refused);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses private answers: the address checked is the one
 * connected to, so a DNS answer that changes between the check and the connection cannot slip by.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      callback(new PrivateAddressError(refused.address), []);
      return;
    }
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const first = addresses[0];
    if (!first) {
      callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(null, first.address, first.family);
  });
}
