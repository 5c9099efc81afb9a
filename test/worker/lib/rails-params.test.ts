import { describe, expect, it } from 'vitest'
import { MAX_FORM_DEPTH, MAX_FORM_FIELDS, parseRailsForm } from '../../../worker/lib/rails-params'

const parse = (text: string) => JSON.parse(JSON.stringify(parseRailsForm(text)))

describe('parseRailsForm', () => {
  it('reads flat fields, decoding + and %-escapes; a repeated field keeps its last value', () => {
    expect(parse('name=Ada+Lovelace&email=ada%40example.com&name=Ada')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    })
  })

  it('reads a field without = as null and an empty value as ""', () => {
    expect(parse('a&b=&c=1')).toEqual({ a: null, b: '', c: '1' })
  })

  it('nests bracketed keys into objects', () => {
    expect(parse('contact[name]=x&contact[custom_attributes][plan]=pro&contact[email]=e')).toEqual({
      contact: { name: 'x', email: 'e', custom_attributes: { plan: 'pro' } },
    })
  })

  it('collects [] keys into arrays, dropping nulls as Rails deep munge does', () => {
    expect(parse('labels[]=a&labels[]=b')).toEqual({ labels: ['a', 'b'] })
    expect(parse('labels[]')).toEqual({ labels: [] })
    expect(parse('labels[]=')).toEqual({ labels: [''] })
    expect(parse('a[b][]=1&a[b][]=2')).toEqual({ a: { b: ['1', '2'] } })
  })

  it('fills an array of objects until a key repeats, as Rack does', () => {
    expect(
      parse(
        'values[][name]=email&values[][value]=a%40b.c&values[][name]=rating' +
          '&values[][csat][rating]=5',
      ),
    ).toEqual({
      values: [
        { name: 'email', value: 'a@b.c' },
        { name: 'rating', csat: { rating: '5' } },
      ],
    })
  })

  it('keeps names that do not nest as flat keys, and skips empty names', () => {
    expect(parse('a[b=1&[c]=2&=3&&d]=4')).toEqual({ 'a[b': '1', '[c]': '2', 'd]': '4' })
  })

  it('keeps __proto__ as a plain key', () => {
    const parsed = parse('__proto__[admin]=1&x[__proto__]=2')
    expect(Object.keys(parsed)).toEqual(['__proto__', 'x'])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('refuses conflicting types, bad escapes, too deep nesting and too many fields', () => {
    expect(() => parseRailsForm('a=1&a[b]=2')).toThrow(/conflicting/)
    expect(() => parseRailsForm('a[]=1&a[b]=2')).toThrow(/conflicting/)
    expect(() => parseRailsForm('a[b]=1&a[]=2')).toThrow(/conflicting/)
    expect(() => parseRailsForm('a=%E0%A4%A')).toThrow(/encoding/)
    expect(() => parseRailsForm(`a${'[b]'.repeat(MAX_FORM_DEPTH)}=1`)).toThrow(/deep/)
    expect(() => parseRailsForm('a=1&'.repeat(MAX_FORM_FIELDS + 1))).toThrow(/fields/)
  })
})
