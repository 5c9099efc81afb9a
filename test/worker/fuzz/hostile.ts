import fc from 'fast-check'

/** Strings that break careless code: control and bidi characters, lone surrogates, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u202Egnp.exe',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z\u0351\u0352\u0353\u0354a\u0355\u0356l\u0357\u0358g\u0359o',
  '\uFEFF',
  '\r\n\t',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  '１２３',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table accounts; --',
  '%00%2e%2e%2f',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
]

/** Just over each documented limit (255 names, 10,000 messages, 20,000 text), and far over. */
const LONG_STRINGS = [256, 10_001, 20_001, 100_000].map((n) =>
  fc.constantFrom('x', 'é', '😀', '\u202E').map((unit) => unit.repeat(Math.ceil(n / unit.length))),
)

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.oneof(...LONG_STRINGS) },
)

export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -(2 ** 31) - 1,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
)

/** `[[[…]]]` or `{"a":{"a":…}}`, `levels` deep. */
export function deeplyNested(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value }
  return value
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(100, 1000, 5000), fc.constantFrom('array' as const, 'object' as const))
      .map(([levels, kind]) => deeplyNested(levels, kind)),
  },
  { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 101, maxLength: 150 }) },
)

/** Raw bodies that are not the JSON they claim to be, or JSON no schema expects. */
export const hostileRawBody: fc.Arbitrary<string> = fc.constantFrom(
  '{"name": "x",',
  '{"a": 1e400}',
  '{"a": -1e400}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '[]',
  'null',
  '"just a string"',
  '42',
  '\u0000',
  '{"a": "\\ud800"}',
  '\uFEFF{}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_001)}`,
)

/**
 * An id written as `Number()` would still read it: each must name nothing (DESIGN §3). A lax
 * check once let `/accounts/0x2/` run on the wrong database as account 2.
 */
export const ID_SPELLINGS: [string, (id: number) => string][] = [
  ['hex', (id) => `0x${id.toString(16)}`],
  ['plus sign', (id) => `+${id}`],
  ['decimal point', (id) => `${id}.0`],
  ['exponent', (id) => `${id}e0`],
  ['leading zero', (id) => `0${id}`],
  ['trailing space', (id) => `${id} `],
  ['leading space', (id) => ` ${id}`],
]

/** The id spelled some other way, as a path segment or query value. */
export const respelledId = (id: number): fc.Arbitrary<string> =>
  fc.constantFrom(...ID_SPELLINGS.map(([, spell]) => spell(id)))

/** Whether `text` reads as a number but is not an id's one spelling (canonical decimal). */
export const isRespelledNumber = (text: string) =>
  !/^[1-9][0-9]{0,15}$/.test(text) && text.trim() !== '' && Number.isFinite(Number(text))
