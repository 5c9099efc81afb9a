import { SELF } from 'cloudflare:test'
import { api, createWorld, PLATFORM_TOKEN, uniq, type World } from './helpers'

export const ORIGIN = 'http://parley.test'
export const PASSWORD = 'a long enough password'

/** Each test signs in from its own address, so the per-IP sign-in budget is its own. */
export const freshIp = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`

/** Gives a user a password through the platform API. */
export async function setPassword(userId: number, password = PASSWORD) {
  const res = await api(`/platform/api/v1/users/${userId}`, {
    method: 'PATCH',
    token: PLATFORM_TOKEN,
    body: { password },
  })
  if (res.status !== 200) throw new Error(`setPassword: ${res.status} ${res.text}`)
  return res
}

/** A world whose administrator and agent have PASSWORD. */
export async function createWorldWithPasswords(): Promise<World> {
  const world = await createWorld()
  await setPassword(world.admin.id)
  await setPassword(world.agent.id)
  return world
}

export type SignInOptions = { ip?: string; base?: string; headers?: Record<string, string> }

/** POST /auth/sign_in; `session` is the cookie's token when one was set. */
export async function signIn(email: string, password = PASSWORD, options: SignInOptions = {}) {
  const res = await SELF.fetch(`${options.base ?? ORIGIN}/auth/sign_in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'cf-connecting-ip': options.ip ?? freshIp(),
      ...options.headers,
    },
    body: JSON.stringify({ email, password }),
  })
  const text = await res.text()
  const setCookie = res.headers.get('set-cookie') ?? ''
  const session = /parley_session=([^;]*)/.exec(setCookie)?.[1] || undefined
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, json, text, setCookie, session }
}

/** Signs in and returns the session token, failing the test when sign-in fails. */
export async function sessionOf(email: string, password = PASSWORD) {
  const res = await signIn(email, password)
  if (res.status !== 200 || !res.session) throw new Error(`signIn: ${res.status} ${res.text}`)
  return res.session
}

export type CookieOptions = {
  method?: string
  body?: unknown
  /** The Origin header; our own by default on unsafe methods, none with null. */
  origin?: string | null
  headers?: Record<string, string>
}

/** A request with the session cookie, as the dashboard's fetch would send it. */
export async function withCookie(path: string, session: string, options: CookieOptions = {}) {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const headers: Record<string, string> = {
    cookie: `parley_session=${session}`,
    ...options.headers,
  }
  const origin = options.origin === undefined && method !== 'GET' ? ORIGIN : options.origin
  if (origin) headers.origin = origin
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await res.text()
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, headers: res.headers, json, text }
}

export const uniqueEmail = () => `${uniq('s')}@example.com`
