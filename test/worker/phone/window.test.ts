import { describe, expect, it } from 'vitest'
import { optChangeOf, optedOutAtAfter } from '../../../worker/phone/opt-out'
import { phoneSendRefusal, WHATSAPP_WINDOW_SECONDS } from '../../../worker/phone/window'

const now = 1_800_000_000
const sms = { medium: 'sms' as const }
const whatsapp = { medium: 'whatsapp' as const }

describe('phoneSendRefusal', () => {
  it('refuses a contact who opted out, on SMS and WhatsApp alike', () => {
    const contact = { optedOutAt: now - 10, lastInboundAt: now - 10 }
    expect(phoneSendRefusal(contact, sms, now)).toBe('opted_out')
    expect(phoneSendRefusal(contact, whatsapp, now)).toBe('opted_out')
  })

  it('lets SMS be sent whenever the contact has not opted out', () => {
    expect(phoneSendRefusal({ optedOutAt: null, lastInboundAt: null }, sms, now)).toBeNull()
  })

  it('lets WhatsApp be sent within 24 hours of the contact’s last message, not after', () => {
    const inside = { optedOutAt: null, lastInboundAt: now - WHATSAPP_WINDOW_SECONDS + 1 }
    const outside = { optedOutAt: null, lastInboundAt: now - WHATSAPP_WINDOW_SECONDS }
    expect(phoneSendRefusal(inside, whatsapp, now)).toBeNull()
    expect(phoneSendRefusal(outside, whatsapp, now)).toBe('outside_whatsapp_window')
    expect(phoneSendRefusal({ optedOutAt: null, lastInboundAt: null }, whatsapp, now)).toBe(
      'outside_whatsapp_window',
    )
  })

  it('lets a template through outside the WhatsApp window, but never to an opted-out contact', () => {
    const template = { template: true }
    expect(
      phoneSendRefusal({ optedOutAt: null, lastInboundAt: null }, whatsapp, now, template),
    ).toBeNull()
    expect(
      phoneSendRefusal({ optedOutAt: now, lastInboundAt: null }, whatsapp, now, template),
    ).toBe('opted_out')
  })
})

describe('opt-out keywords', () => {
  it('are Twilio’s defaults, trimmed and in any case, as the whole text only', () => {
    for (const word of ['STOP', ' stop ', 'StopAll', 'unsubscribe', 'CANCEL', 'end', 'Quit'])
      expect(optChangeOf(word)).toBe('opt_out')
    for (const word of ['START', 'yes', ' Unstop']) expect(optChangeOf(word)).toBe('opt_in')
    for (const word of ['HELP', 'info', 'please stop', 'STOP!', ''])
      expect(optChangeOf(word)).toBeNull()
  })

  it('keep the first opt-out time, and START clears it', () => {
    expect(optedOutAtAfter(null, 'STOP', now)).toBe(now)
    expect(optedOutAtAfter(now - 5, 'stop', now)).toBe(now - 5)
    expect(optedOutAtAfter(now - 5, 'hello', now)).toBe(now - 5)
    expect(optedOutAtAfter(now - 5, 'START', now)).toBeNull()
  })
})
