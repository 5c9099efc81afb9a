import { describe, expect, it } from 'vitest'
import { isTwilioSignatureValid, twilioSignature } from '../../../worker/lib/twilio-signature'
import { nodeCheck } from '../node-check'

type SignedCase = {
  authToken: string
  url: string
  params: Record<string, string>
  signature: string
}

describe('Twilio webhook signatures', () => {
  it('match what Twilio’s own helper library signs, case by case', async () => {
    const cases = await nodeCheck<SignedCase[]>('twilio-signatures')
    expect(cases.length).toBeGreaterThan(2)
    for (const c of cases) {
      const params = Object.entries(c.params)
      expect(await twilioSignature(c.authToken, c.url, params)).toBe(c.signature)
      expect(await isTwilioSignatureValid(c.authToken, c.url, params, c.signature)).toBe(true)
    }
  })

  it('is Twilio’s documented example signature', async () => {
    const params = Object.entries({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    })
    expect(
      await twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params),
    ).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=')
  })

  it('refuses a changed parameter, another URL, another token or no signature', async () => {
    const [c] = await nodeCheck<SignedCase[]>('twilio-signatures')
    if (!c) throw new Error('no case')
    const params = Object.entries(c.params)
    const changed = params.map(([k, v]) => [k, k === 'Digits' ? '9999' : v] as [string, string])
    expect(await isTwilioSignatureValid(c.authToken, c.url, changed, c.signature)).toBe(false)
    expect(await isTwilioSignatureValid(c.authToken, `${c.url}&x=1`, params, c.signature)).toBe(
      false,
    )
    expect(await isTwilioSignatureValid('other', c.url, params, c.signature)).toBe(false)
    expect(await isTwilioSignatureValid(c.authToken, c.url, params, null)).toBe(false)
  })
})
