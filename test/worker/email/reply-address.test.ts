import { describe, expect, it } from 'vitest'
import {
  forwardingAddress,
  inboundDomain,
  readInboundAddress,
  replyAddress,
} from '../../../worker/email/reply-address'

const DOMAIN = 'mail.parley.test'
const UUID = '0f8e4c52-8a47-4b1e-9c1d-2b7f5e3a9d10'

describe('inbound addresses', () => {
  it('reads back the account and conversation a reply address names, whatever its case', () => {
    const address = replyAddress(DOMAIN, 42, UUID)
    expect(address).toBe(`reply+42.${UUID}@${DOMAIN}`)
    expect(readInboundAddress(address.toUpperCase(), DOMAIN)).toEqual({
      kind: 'reply',
      accountId: 42,
      conversationUuid: UUID,
    })
  })

  it('reads an inbox forwarding address as its identifier', () => {
    expect(readInboundAddress(forwardingAddress(DOMAIN, 'abc123'), DOMAIN)).toEqual({
      kind: 'inbox',
      identifier: 'abc123',
    })
  })

  it('refuses reply addresses not spelled as we make them and addresses on other domains', () => {
    for (const bad of [
      `reply+042.${UUID}@${DOMAIN}`,
      `reply+0x2a.${UUID}@${DOMAIN}`,
      `reply+42.${UUID.slice(0, -1)}@${DOMAIN}`,
      `reply+42@${DOMAIN}`,
      `reply+42.${UUID}@other.test`,
      `abc123@${DOMAIN}.evil.test`,
      `@${DOMAIN}`,
      'no-at-sign',
    ]) {
      expect(readInboundAddress(bad, DOMAIN), bad).toBeNull()
    }
  })

  it('takes no mail when the deployment names no domain', () => {
    expect(inboundDomain({ INBOUND_EMAIL_DOMAIN: '' })).toBeNull()
    expect(inboundDomain({ INBOUND_EMAIL_DOMAIN: ' Mail.Parley.Test ' })).toBe(DOMAIN)
  })
})
