import { describe, expect, it } from 'vitest'
import { messagesPath } from '../conversation-helpers'
import { api, expectError } from '../helpers'
import { emailScene } from './outbound-helpers'

describe("message create's cc_emails, bcc_emails and to_emails", () => {
  it('keeps valid lists in content_attributes', async () => {
    const scene = await emailScene()
    const res = await api(messagesPath(scene.world, scene.displayId), {
      token: scene.world.admin.token,
      body: {
        content: 'Hello',
        cc_emails: ' boss@customer.example ,team@customer.example',
        bcc_emails: 'audit@parley.test',
        to_emails: 'other@customer.example',
      },
    })
    expect(res.status).toBe(200)
    expect(res.json.content_attributes).toMatchObject({
      cc_emails: 'boss@customer.example, team@customer.example',
      bcc_emails: 'audit@parley.test',
      to_emails: 'other@customer.example',
    })
  })

  it('refuses a list with something that is not an address, field by field', async () => {
    const scene = await emailScene()
    const res = await api(messagesPath(scene.world, scene.displayId), {
      token: scene.world.admin.token,
      body: { content: 'Hello', cc_emails: 'boss@customer.example, nope', bcc_emails: 'x@' },
    })
    expectError(res, 422, 'validation_failed')
    const fields = (res.json.errors as { field: string; code: string }[]).map((e) => [
      e.field,
      e.code,
    ])
    expect(fields).toEqual([
      ['cc_emails', 'invalid_format'],
      ['bcc_emails', 'invalid_format'],
    ])
  })
})
