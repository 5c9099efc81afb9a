import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { messagesPath } from '../conversation-helpers'
import { pngBytes, sendForm } from '../helpers'
import { phoneScene, twilioSends } from './outbound-helpers'

/** The stand-in's sends of this account once one has arrived (the queue runs beside the test). */
async function sendsWhen(accountSid: string) {
  const until = Date.now() + 15_000
  for (;;) {
    const sends = await twilioSends(accountSid)
    if (sends.length > 0 || Date.now() > until) return sends
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The media link as this worker serves it (the link names the public origin). */
const served = (link: string) => {
  const url = new URL(link)
  return SELF.fetch(`http://parley.test${url.pathname}${url.search}`)
}

describe("a phone reply's attachments", () => {
  it('go to Twilio as signed, time-limited MediaUrl links to the file route', async () => {
    const scene = await phoneScene()
    const form = new FormData()
    form.append('content', 'Here is your receipt')
    form.append('attachments[]', new File([pngBytes(200)], 'receipt.png', { type: 'image/png' }))
    const res = await sendForm(
      messagesPath(scene.world, scene.displayId),
      scene.world.admin.token,
      form,
    )
    expect(res.status).toBe(200)
    const [send] = await sendsWhen(scene.accountSid)
    expect(send?.params.Body).toBe('Here is your receipt')
    expect(send?.media).toHaveLength(1)
    const link = send?.media[0] ?? ''
    expect(link.startsWith(`${env.PUBLIC_BASE_URL || 'http://localhost:8787'}/files/`)).toBe(true)
    expect(link).toMatch(
      /\/files\/attachment\/[0-9a-f-]+\/receipt\.png\?expires=\d+&signature=[0-9a-f]{64}$/,
    )
    const expires = Number(new URL(link).searchParams.get('expires'))
    const now = Math.floor(Date.now() / 1000)
    expect(expires).toBeGreaterThan(now)
    expect(expires).toBeLessThanOrEqual(now + 3600)
    const file = await served(link)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect((await file.arrayBuffer()).byteLength).toBe(200)
  })

  it('are refused with 403 when the link is tampered with or expired', async () => {
    const scene = await phoneScene()
    const form = new FormData()
    form.append('attachments[]', new File([pngBytes(100)], 'photo.png', { type: 'image/png' }))
    await sendForm(messagesPath(scene.world, scene.displayId), scene.world.admin.token, form)
    const [send] = await sendsWhen(scene.accountSid)
    const link = new URL(send?.media[0] ?? '')
    const later = new URL(link)
    later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 60))
    const tampered = await served(later.href)
    expect(tampered.status).toBe(403)
    expect(((await tampered.json()) as { error: string }).error).toBe('forbidden')
    const past = new URL(link)
    past.searchParams.set('expires', '1000')
    expect((await served(past.href)).status).toBe(403)
  })
})
