/**
 * Every IANA special-purpose range with its first, last and one inside address, and the public
 * addresses just outside it (where its neighbours are public at all).
 */
export const RANGES: { range: string; inside: string[]; outside: string[] }[] = [
  { range: '0.0.0.0/8', inside: ['0.0.0.0', '0.255.255.255', '0.1.2.3'], outside: ['1.0.0.0'] },
  {
    range: '10.0.0.0/8',
    inside: ['10.0.0.0', '10.255.255.255', '10.1.2.3'],
    outside: ['9.255.255.255', '11.0.0.0'],
  },
  {
    range: '100.64.0.0/10',
    inside: ['100.64.0.0', '100.127.255.255', '100.100.100.100'],
    outside: ['100.63.255.255', '100.128.0.0'],
  },
  {
    range: '127.0.0.0/8',
    inside: ['127.0.0.0', '127.255.255.255', '127.0.0.1'],
    outside: ['126.255.255.255', '128.0.0.0'],
  },
  {
    range: '169.254.0.0/16',
    inside: ['169.254.0.0', '169.254.255.255', '169.254.169.254'],
    outside: ['169.253.255.255', '169.255.0.0'],
  },
  {
    range: '172.16.0.0/12',
    inside: ['172.16.0.0', '172.31.255.255', '172.20.1.1'],
    outside: ['172.15.255.255', '172.32.0.0'],
  },
  {
    range: '192.0.0.0/24',
    inside: ['192.0.0.0', '192.0.0.255', '192.0.0.8'],
    outside: ['191.255.255.255', '192.0.1.0'],
  },
  {
    range: '192.0.2.0/24',
    inside: ['192.0.2.0', '192.0.2.255', '192.0.2.1'],
    outside: ['192.0.1.255', '192.0.3.0'],
  },
  {
    range: '192.31.196.0/24',
    inside: ['192.31.196.0', '192.31.196.255', '192.31.196.1'],
    outside: ['192.31.195.255', '192.31.197.0'],
  },
  {
    range: '192.52.193.0/24',
    inside: ['192.52.193.0', '192.52.193.255', '192.52.193.1'],
    outside: ['192.52.192.255', '192.52.194.0'],
  },
  {
    range: '192.88.99.0/24',
    inside: ['192.88.99.0', '192.88.99.255', '192.88.99.1'],
    outside: ['192.88.98.255', '192.88.100.0'],
  },
  {
    range: '192.168.0.0/16',
    inside: ['192.168.0.0', '192.168.255.255', '192.168.1.1'],
    outside: ['192.167.255.255', '192.169.0.0'],
  },
  {
    range: '192.175.48.0/24',
    inside: ['192.175.48.0', '192.175.48.255', '192.175.48.6'],
    outside: ['192.175.47.255', '192.175.49.0'],
  },
  {
    range: '198.18.0.0/15',
    inside: ['198.18.0.0', '198.19.255.255', '198.18.0.1'],
    outside: ['198.17.255.255', '198.20.0.0'],
  },
  {
    range: '198.51.100.0/24',
    inside: ['198.51.100.0', '198.51.100.255', '198.51.100.7'],
    outside: ['198.51.99.255', '198.51.101.0'],
  },
  {
    range: '203.0.113.0/24',
    inside: ['203.0.113.0', '203.0.113.255', '203.0.113.9'],
    outside: ['203.0.112.255', '203.0.114.0'],
  },
  {
    range: '224.0.0.0/4',
    inside: ['224.0.0.0', '239.255.255.255', '224.0.0.251'],
    outside: ['223.255.255.255'],
  },
  { range: '240.0.0.0/4', inside: ['240.0.0.0', '255.255.255.254', '250.1.2.3'], outside: [] },
  { range: '255.255.255.255/32', inside: ['255.255.255.255'], outside: [] },
  { range: '::/128', inside: ['::', '0:0:0:0:0:0:0:0'], outside: [] },
  { range: '::1/128', inside: ['::1', '0:0:0:0:0:0:0:1'], outside: [] },
  {
    range: '::ffff:0:0/96 (by the IPv4 address it carries)',
    inside: [
      '::ffff:0.0.0.0',
      '::ffff:255.255.255.255',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
    ],
    outside: ['::ffff:8.8.8.8', '::ffff:808:808'],
  },
  {
    range: '64:ff9b::/96 (by the IPv4 address it carries)',
    inside: ['64:ff9b::', '64:ff9b::ffff:ffff', '64:ff9b::127.0.0.1', '64:ff9b::a00:1'],
    outside: ['64:ff9b::8.8.8.8'],
  },
  {
    range: '64:ff9b:1::/48',
    inside: ['64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::808:808'],
    outside: [],
  },
  { range: '100::/64', inside: ['100::', '100::ffff:ffff:ffff:ffff', '100::1'], outside: [] },
  {
    range: '2001::/23',
    inside: [
      '2001::',
      '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff',
      '2001::1',
      '2001:2::1',
      '2001:10::1',
      '2001:20::1',
    ],
    outside: ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::'],
  },
  {
    range: '2001:db8::/32',
    inside: ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::1'],
    outside: ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  },
  {
    range: '2002::/16 (by the IPv4 address it carries)',
    inside: ['2002::', '2002:ffff:ffff::', '2002:7f00:1::1', '2002:a00:1::', '2002:a9fe:a9fe::'],
    outside: ['2002:808:808::1', '2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2003::'],
  },
  {
    range: 'fc00::/7',
    inside: ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fd12:3456::1'],
    outside: [],
  },
  {
    range: 'fe80::/10',
    inside: ['fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe80::1'],
    outside: [],
  },
  {
    range: 'fec0::/10',
    inside: ['fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fec0::1'],
    outside: [],
  },
  {
    range: 'ff00::/8',
    inside: ['ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ff02::1'],
    outside: [],
  },
  {
    range: '3fff::/20',
    inside: ['3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:123::1'],
    outside: ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::'],
  },
  {
    range: '5f00::/16',
    inside: ['5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '5f00:1::1'],
    outside: [],
  },
  {
    range: 'outside global unicast 2000::/3',
    inside: ['::1.2.3.4', '1::1', '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::1'],
    outside: ['2000::', '3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  },
]
