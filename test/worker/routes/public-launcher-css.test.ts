import { describe, expect, it } from 'vitest'
import { accountDb, api, expectError } from '../helpers'
import { publicPath, publicScene } from '../public-helpers'

describe('GET /public/api/v1/inboxes/{inbox_identifier}/launcher.css', () => {
  it('gives the launcher the inbox colour and a readable icon colour, for browsers to keep five minutes', async () => {
    const { inbox } = await publicScene('web_widget', { channel: { widget_color: '#0b5cad' } })
    const res = await inbox.call('/launcher.css')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    // A stylesheet loaded from another origin: no CORP header may keep it out of the page.
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull()
    expect(res.text).toBe(':host{--parley-color:#0b5cad;--parley-on-color:#ffffff}')

    const light = await publicScene('web_widget', { channel: { widget_color: '#ffcc00' } })
    expect((await light.inbox.call('/launcher.css')).text).toBe(
      ':host{--parley-color:#ffcc00;--parley-on-color:#000000}',
    )
  })

  it('uses the default colour of a website inbox without one of its own; an API inbox has none', async () => {
    const { inbox } = await publicScene('web_widget')
    expect((await inbox.call('/launcher.css')).text).toBe(
      ':host{--parley-color:#1f93ff;--parley-on-color:#000000}',
    )
    const apiInbox = (await publicScene('api')).inbox
    const res = await apiInbox.call('/launcher.css')
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
  })

  it('never writes a stored value that is not a #rgb/#rrggbb colour into the CSS', async () => {
    const { world, inbox } = await publicScene('web_widget', {
      channel: { widget_color: '#123456' },
    })
    // The API validates colours on write; a row written around it must not reach the CSS.
    await (await accountDb(world.accountId))
      .prepare("update inboxes set settings = json_set(settings, '$.widget_color', ?) where id = ?")
      .bind('#000}*{display:none', inbox.id)
      .run()
    const res = await inbox.call('/launcher.css')
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
  })

  it('answers 404 in the envelope for an unknown identifier', async () => {
    expectError(await api(publicPath('no-such-inbox', '/launcher.css')), 404, 'not_found')
  })
})
