import { describe, expect, it } from 'vitest';
import { checkAddress, classifyAddress, type AddressCategory } from './address-policy.ts';

// [address as written, expected category]
const REFUSED: [string, AddressCategory][] = [
  // IPv4 special ranges
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier_grade_nat'],
  ['100.127.255.254', 'carrier_grade_nat'],
  ['169.254.0.1', 'link_local'],
  ['169.254.169.253', 'link_local'],
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['254.1.2.3', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.0.170', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  // Legacy IPv4 spellings (inet_aton): octal, hex, decimal, short forms
  ['0177.0.0.1', 'loopback'],
  ['0x7f.0.0.1', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['2130706433', 'loopback'],
  ['017700000001', 'loopback'],
  ['127.1', 'loopback'],
  ['0xa9.0xfe.0xa9.0xfe', 'metadata'],
  ['2852039166', 'metadata'],
  ['012.0.0.1', 'private'],
  // IPv6 special ranges
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique_local'],
  ['fd00:ec2::254', 'metadata'],
  ['[fd00:ec2::254]', 'metadata'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['febf:ffff::1', 'link_local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'reserved'],
  ['2001:20::1', 'reserved'],
  ['2001:1ff::1', 'reserved'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['::2', 'reserved'],
  // IPv4-mapped, -translated and -compatible IPv6
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  // NAT64 (RFC 6052 and the local-use prefix of RFC 8215)
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['64:ff9b::10.1.2.3', 'private'],
  ['64:ff9b:1::a00:1', 'private'],
  // 6to4 (the IPv4 address in bits 16-47)
  ['2002:7f00:1::', 'loopback'],
  ['2002:7f00:1::1', 'loopback'],
  ['2002:a9fe:a9fe::1', 'metadata'],
  ['2002:c0a8:101::1', 'private'],
  ['2002:a00:1:1::', 'private'],
  // Teredo: server in bits 32-63, client inverted in bits 96-127
  ['2001:0:4136:e378::80ff:fffe', 'loopback'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'],
  ['2001:0:a00:1::f7f7:f7f7', 'private'],
  ['2001:0:7f00:1::f7f7:f7f7', 'loopback'],
];

const PUBLIC: string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '11.0.0.1',
  '172.15.255.255',
  '172.32.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '169.253.255.255',
  '169.255.0.1',
  '192.0.3.1',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.255',
  '0x08.0x08.0x08.0x08',
  '134744072',
  '2606:4700:4700::1111',
  '[2606:4700:4700::1111]',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '2001:200::1',
  '2c0f:fb50:4003::1',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
];

const NOT_ADDRESSES = [
  '',
  'example.com',
  'localhost',
  '1.2.3.4.5',
  '256.0.0.1',
  '::g',
  '1::2::3',
  '[::1',
  '127.0.0.1/8',
];

describe('classifyAddress', () => {
  it.each(REFUSED)('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each(PUBLIC)('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it.each(NOT_ADDRESSES)('%j is not an address', (text) => {
    expect(classifyAddress(text)).toBeNull();
  });
});

describe('checkAddress', () => {
  it.each(REFUSED)('refuses %s (%s) by default', (address, category) => {
    expect(checkAddress(address, { allowPrivate: false })).toEqual({ isAllowed: false, category });
  });

  it.each(PUBLIC)('allows %s', (address) => {
    expect(checkAddress(address, { allowPrivate: false }).isAllowed).toBe(true);
    expect(checkAddress(address, { allowPrivate: true }).isAllowed).toBe(true);
  });

  const openedByAllowPrivate = new Set<AddressCategory>([
    'loopback',
    'private',
    'carrier_grade_nat',
    'unique_local',
  ]);

  it.each(REFUSED)(
    'with allowPrivate, %s (%s) is allowed only if loopback or private',
    (address, category) => {
      expect(checkAddress(address, { allowPrivate: true }).isAllowed).toBe(
        openedByAllowPrivate.has(category),
      );
    },
  );

  it('never allows metadata, link-local or unspecified addresses, even with allowPrivate', () => {
    for (const address of [
      '169.254.169.254',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      '169.254.1.1',
      'fe80::1',
      '0.0.0.0',
      '::',
    ]) {
      expect(checkAddress(address, { allowPrivate: true }).isAllowed, address).toBe(false);
    }
  });

  it('refuses what is not an address', () => {
    expect(checkAddress('example.com', { allowPrivate: true })).toEqual({
      isAllowed: false,
      category: 'not_an_address',
    });
  });
});
