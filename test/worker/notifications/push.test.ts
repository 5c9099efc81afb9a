import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createScene, postMessage } from '../conversation-helpers'
import { api, type User, uniq } from '../helpers'

/**
 * Web Push end to end: the worker's queue consumer encrypts and signs a notification for a
 * browser subscription whose keys the test made, and a push service stood up here (the worker's
 * outbound fetch to `https://push.test/…`, answered in this isolate) checks the VAPID JWT and
 * decrypts the body per RFC 8291 with the subscription's private key.
 */

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const utf8 = (text: string) => new TextEncoder().encode(text)

/** A browser's push subscription: its ECDH key pair and auth secret (RFC 8291 §3). */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const publicKey = new Uint8Array(
    (await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer,
  )
  const auth = crypto.getRandomValues(new Uint8Array(16))
  return { pair, publicKey, auth }
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bits: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits'])
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bits),
  )
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the browser's keys. */
async function decrypt(body: Uint8Array, keys: Awaited<ReturnType<typeof browserKeys>>) {
  const salt = body.slice(0, 16)
  const idLength = body[20] as number
  const serverPublic = body.slice(21, 21 + idLength)
  const ciphertext = body.slice(21 + idLength)
  const serverKey = await crypto.subtle.importKey(
    'raw',
    serverPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  // Web Crypto's name for the peer key is `public`; workerd's types spell it `$public`.
  const ecdh = { name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(ecdh, keys.pair.privateKey, 256))
  const keyInfo = concat(utf8('WebPush: info\0'), keys.publicKey, serverPublic)
  const ikm = await hkdf(keys.auth, ecdhSecret, keyInfo, 256)
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 128)
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 96)
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt'])
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext),
  )
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  expect(padded[end]).toBe(2)
  return new TextDecoder().decode(padded.slice(0, end))
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT must verify with k. */
async function verifyVapid(authorization: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)
  expect(match).not.toBeNull()
  const [, jwt, k] = match as unknown as [string, string, string]
  expect(k).toBe(env.VAPID_PUBLIC_KEY)
  const [header, claims, signature] = jwt.split('.') as [string, string, string]
  const raw = fromB64url(k)
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: b64url(raw.slice(1, 33)), y: b64url(raw.slice(33, 65)) },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromB64url(signature),
    utf8(`${header}.${claims}`),
  )
  expect(valid).toBe(true)
  return JSON.parse(new TextDecoder().decode(fromB64url(claims))) as Record<string, unknown>
}

type Delivery = { url: string; headers: Headers; body: Uint8Array }

/** The local push service: records what reaches `https://push.test/` and answers `status`. */
function pushService(status: number) {
  const deliveries: Delivery[] = []
  const passThrough = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith('https://push.test/')) return passThrough(input, init)
    deliveries.push({
      url: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    })
    return new Response(null, { status })
  })
  return deliveries
}

afterEach(() => {
  vi.restoreAllMocks()
})

async function subscribe(user: User, keys: Awaited<ReturnType<typeof browserKeys>>) {
  const endpoint = `https://push.test/send/${uniq('sub')}`
  const res = await api('/api/v1/notification_subscriptions', {
    token: user.token,
    body: {
      subscription_type: 'browser_push',
      subscription_attributes: {
        endpoint,
        p256dh: b64url(keys.publicKey),
        auth: b64url(keys.auth),
      },
    },
  })
  expect(res.status).toBe(200)
  return endpoint
}

const mention = (user: User) => `Look [@Agent](mention://user/${user.id}/Agent) please`

describe('Web Push', () => {
  it('a mention reaches the agent as an encrypted push their browser can decrypt', async () => {
    const deliveries = pushService(201)
    const scene = await createScene()
    const { world } = scene
    const keys = await browserKeys()
    const endpoint = await subscribe(world.agent, keys)
    const key = await api('/api/v1/notification_subscriptions/vapid_public_key', {
      token: world.agent.token,
    })
    expect(key.json).toEqual({ vapid_public_key: env.VAPID_PUBLIC_KEY })
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent), private: true })
    await expect.poll(() => deliveries.length, { timeout: 15_000, interval: 50 }).toBe(1)
    const [delivery] = deliveries as [Delivery]
    expect(delivery.url).toBe(endpoint)
    expect(delivery.headers.get('content-encoding')).toBe('aes128gcm')
    const claims = await verifyVapid(delivery.headers.get('authorization') ?? '')
    expect(claims).toMatchObject({
      aud: 'https://push.test',
      sub: expect.stringMatching(/^mailto:/),
    })
    expect(claims.exp).toEqual(expect.any(Number))
    // Chatwoot's push: a short title saying who did what where, the message as the body.
    expect(JSON.parse(await decrypt(delivery.body, keys))).toEqual({
      title: `Admin mentioned you in #${conversation.id}`,
      body: 'Look @Agent please',
      url: `/app/accounts/${world.accountId}/conversations/${conversation.id}`,
      tag: expect.stringMatching(/^conversation-\d+$/),
    })
  })

  it('a subscription the push service says is gone (410) is deleted', async () => {
    const deliveries = pushService(410)
    const scene = await createScene()
    const { world } = scene
    const endpoint = await subscribe(world.agent, await browserKeys())
    const conversation = await scene.conversation()
    await postMessage(world, conversation.id, { content: mention(world.agent), private: true })
    await expect.poll(() => deliveries.length, { timeout: 15_000, interval: 50 }).toBe(1)
    const remaining = () =>
      env.DIRECTORY.prepare(
        'select count(*) as n from notification_subscriptions where identifier = ?',
      )
        .bind(endpoint)
        .first<{ n: number }>()
    await expect.poll(async () => (await remaining())?.n, { timeout: 5_000 }).toBe(0)
  })

  it('refuses a subscription whose endpoint is not https, in the error envelope', async () => {
    const scene = await createScene()
    const res = await api('/api/v1/notification_subscriptions', {
      token: scene.world.agent.token,
      body: {
        subscription_type: 'browser_push',
        subscription_attributes: { endpoint: 'http://push.test/x', p256dh: 'a', auth: 'b' },
      },
    })
    expect(res.status).toBe(422)
    expect(res.json).toMatchObject({ error: expect.any(String), errors: expect.any(Array) })
  })
})
