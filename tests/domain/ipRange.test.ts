import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addressInRanges,
  ipRangeDescriptionProblem,
  ipRangeProblem,
  isAddressAllowed,
  isInternalAddress,
  normaliseAddress,
  parseIpRange,
} from '../../src/domain/ipRange';

describe('address ranges', () => {
  it('normalises IPv4 and IPv6 CIDR, clearing host bits; a bare address is one host', () => {
    expect(parseIpRange('203.0.113.77/24')).toEqual({ cidr: '203.0.113.0/24', kind: 'ipv4' });
    expect(parseIpRange(' 10.1.2.3 ')).toEqual({ cidr: '10.1.2.3/32', kind: 'ipv4' });
    expect(parseIpRange('10.255.255.255/9')?.cidr).toBe('10.128.0.0/9');
    expect(parseIpRange('0.0.0.0/0')?.cidr).toBe('0.0.0.0/0');
    expect(parseIpRange('2001:DB8:0:0:1::/64')).toEqual({ cidr: '2001:db8::/64', kind: 'ipv6' });
    expect(parseIpRange('2001:db8:0:1:ffff::/64')?.cidr).toBe('2001:db8:0:1::/64');
    expect(parseIpRange('2001:db8::1')?.cidr).toBe('2001:db8::1/128');
    expect(parseIpRange('::ffff:192.0.2.0/120')).toEqual({ cidr: '192.0.2.0/24', kind: 'ipv4' });
  });

  it('refuses what is not an address range', () => {
    for (const text of [
      '',
      'banana',
      '10.0.0/8',
      '010.0.0.1',
      '0x0a.0.0.1',
      '10.0.0.1/33',
      '10.0.0.1/',
      '10.0.0.1/08x',
      '2001:db8::/129',
      'fe80::1%eth0',
      '1.2.3.4/8/8',
      '256.1.1.1',
    ]) {
      expect(parseIpRange(text), text).toBeUndefined();
    }
    expect(ipRangeProblem('  ')).toBe('required');
    expect(ipRangeProblem('nope')).toBe('format');
    expect(ipRangeProblem('192.0.2.0/24')).toBeUndefined();
  });

  it('matches addresses, IPv4-mapped IPv6 included, and never across families', () => {
    const ranges = ['203.0.113.0/24', '2001:db8:42::/48'];
    expect(addressInRanges('203.0.113.200', ranges)).toBe(true);
    expect(addressInRanges('::ffff:203.0.113.200', ranges)).toBe(true);
    expect(addressInRanges('2001:db8:42:ffff::9', ranges)).toBe(true);
    expect(addressInRanges('203.0.114.1', ranges)).toBe(false);
    expect(addressInRanges('2001:db8:43::1', ranges)).toBe(false);
    expect(addressInRanges('not an address', ranges)).toBe(false);
    expect(isAddressAllowed('198.51.100.1', [])).toBe(true);
    expect(isAddressAllowed('198.51.100.1', ranges)).toBe(false);
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('2001:0db8::0001')).toBe('2001:db8::1');
    expect(normaliseAddress('nope')).toBeUndefined();
  });

  it('keeps every address of an IPv4 range inside it, and the normal form is stable', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), fc.integer({ min: 0, max: 32 }), (parts, prefix) => {
        const address = parts.join('.');
        const range = parseIpRange(`${address}/${prefix}`)!;
        expect(addressInRanges(address, [range.cidr])).toBe(true);
        expect(parseIpRange(range.cidr)?.cidr).toBe(range.cidr);
      }),
    );
  });

  it('bounds descriptions', () => {
    expect(ipRangeDescriptionProblem('Head office, 3rd floor')).toBeUndefined();
    expect(ipRangeDescriptionProblem('x'.repeat(101))).toBe('description');
    expect(ipRangeDescriptionProblem('tab\there')).toBe('description');
  });
});

describe('internal addresses', () => {
  it('are loopback, private, unique-local, link-local and carrier-grade NAT addresses, which no region lookup can place', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      'fd00::5',
      '169.254.1.1',
      'fe80::1',
      '100.64.1.1',
      '0.0.0.0',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it('are not public addresses, the documentation ranges or what is not an address', () => {
    for (const address of ['8.8.8.8', '203.0.113.7', '198.51.100.7', '2a00:1450::1', '2001:db8::1', '::ffff:203.0.113.9', '', 'localhost', '10.0.0']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});
