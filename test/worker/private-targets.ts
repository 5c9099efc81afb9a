/**
 * Private and special-purpose targets, in several spellings, that every outbound request the
 * worker makes must refuse before sending anything: the avatar download, webhook delivery and
 * webhook creation are each tested against this one list. None is on the tests' allow-list
 * (WEBHOOK_ALLOWED_HOSTS=127.0.0.1,localhost), so each is refused by the ranges themselves.
 */
export const PRIVATE_TARGETS = [
  'https://10.0.0.1/hook',
  'https://169.254.169.254/latest/meta-data',
  // 169.254.169.254 as one decimal number, as hex, and as IPv6 that carries it.
  'https://2852039166/latest/meta-data',
  'https://0xa9fea9fe/latest/meta-data',
  'https://[::ffff:169.254.169.254]/latest/meta-data',
  'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
  'https://[2002:a9fe:a9fe::1]/latest/meta-data',
  'https://012.0.0.1/',
  'https://198.18.0.1/',
  'https://192.0.0.8/',
  'https://224.0.0.251/',
  'https://240.0.0.1/',
  'https://[::ffff:10.0.0.1]/',
  'https://[64:ff9b:1::a00:1]/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://[fec0::1]/',
  'https://[ff02::1]/',
  'https://[2001:db8::1]/',
  'https://[100::1]/',
  'https://printer.localhost./',
  'https://metadata.google.internal/',
]
