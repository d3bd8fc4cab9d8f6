import { describe, expect, it } from 'vitest';
import { checkPublicHost, isPrivateAddress, PrivateAddressError } from './address-guard.ts';
import { signWebhookBody } from './signature.ts';

describe('webhook address guard', () => {
  it('refuses private, loopback, link-local, unique-local, CGNAT and multicast addresses', () => {
    const refused = [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ];
    expect(refused.filter((address) => !isPrivateAddress(address))).toEqual([]);
  });

  it('lets public addresses through', () => {
    const allowed = ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111'];
    expect(allowed.filter((address) => isPrivateAddress(address))).toEqual([]);
  });

  it('resolves host names before judging them', async () => {
    await expect(checkPublicHost('http://localhost:8080/hook')).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    await expect(checkPublicHost('https://93.184.215.14/hook')).resolves.toBeUndefined();
  });
});

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "t.body" under the secret', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhookBody('whsec_test', 1700000000, '{"a":1}')).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
