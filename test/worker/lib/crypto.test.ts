import { describe, expect, it } from 'vitest'
import { sha256Hex, tokenHashOf } from '../../../worker/lib/crypto'

describe('tokenHashOf', () => {
  it('gives the SHA-256 hex of each token, the same when asked again', async () => {
    const tokens = ['first-token', 'second-token', '']
    for (const token of tokens) expect(await tokenHashOf(token)).toBe(await sha256Hex(token))
    expect(await tokenHashOf('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(await tokenHashOf('first-token')).not.toBe(await tokenHashOf('second-token'))
  })

  it('keeps answering correctly past the number of tokens it remembers', async () => {
    const tokens = Array.from({ length: 1100 }, (_, i) => `token-${i}`)
    for (const token of tokens) await tokenHashOf(token)
    for (const token of [tokens[0], tokens[500], tokens[1099]] as string[]) {
      expect(await tokenHashOf(token)).toBe(await sha256Hex(token))
    }
  })
})
