import { describe, expect, it } from 'vitest'
import {
  CsvSyntaxError,
  csvCell,
  csvLine,
  csvRecords,
  unneutralised,
} from '../../../worker/lib/csv'

const fieldsOf = (text: string) => [...csvRecords(text)].map((r) => r.fields)

describe('reading CSV', () => {
  it('splits records on CRLF, LF or CR and ignores a final line end', () => {
    expect(fieldsOf('a,b\r\nc,d\ne,f\rg,h\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fieldsOf('"a,1","say ""hi""","two\r\nlines"\nx,"",y')).toEqual([
      ['a,1', 'say "hi"', 'two\r\nlines'],
      ['x', '', 'y'],
    ])
  })

  it('drops a leading byte-order mark', () => {
    expect(fieldsOf('\ufeffname,email\n')).toEqual([['name', 'email']])
  })

  it('gives each record the line it starts on, counting quoted line breaks', () => {
    const records = [...csvRecords('h\n"a\nb"\n\nc\r\nd')]
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 5, 6])
  })

  it('gives each record its span in the text, without the line end', () => {
    const text = 'h1,h2\r\n"x, y",z\r\n'
    const [, second] = [...csvRecords(text)]
    expect(text.slice(second!.start, second!.end)).toBe('"x, y",z')
  })

  it('refuses an unclosed quote, naming its line', () => {
    expect(() => fieldsOf('a\n"b,c\n')).toThrow(CsvSyntaxError)
    expect(() => fieldsOf('a\n"b,c\n')).toThrow(/line 2/)
  })

  it('refuses text after a closing quote and a quote inside an unquoted field', () => {
    expect(() => fieldsOf('"a"b,c')).toThrow(CsvSyntaxError)
    expect(() => fieldsOf('a"b,c')).toThrow(CsvSyntaxError)
  })
})

describe('writing CSV', () => {
  it('quotes cells with commas, quotes or line breaks, and leaves others bare', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 42, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",42,\r\n',
    )
  })

  it('prefixes cells a spreadsheet would run as a formula with a quote mark', () => {
    expect(['=SUM(A1)', '+1555', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1555",
      "'-2",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
    ])
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('reads back what it writes, including neutralised formulas', () => {
    const cells = ['=1+1', 'a,"b"', 'line\r\nbreak', '', 'plain', '+15551234567']
    const [record] = [...csvRecords(csvLine(cells))]
    expect(record!.fields.map(unneutralised)).toEqual(cells)
  })

  it("keeps a leading quote mark that doesn't guard a formula", () => {
    expect(unneutralised("'quoted'")).toBe("'quoted'")
  })
})
