import { env } from 'cloudflare:test'
import { api, PLATFORM_TOKEN } from '../helpers'
import type { FuzzWorld, Side } from './world'

export const CREDENTIALS = [
  'adminA',
  'agentA',
  'botA',
  'platformA',
  'adminB',
  'agentB',
  'botB',
  'platformB',
  'root',
  'unknown',
  'malformed',
  'none',
] as const
export type CredentialName = (typeof CREDENTIALS)[number]

/**
 * The API limiter allows 600 requests a minute per token, in windows aligned to the minute
 * (miniflare counts exactly). Keeping each token under this leaves room for the seeding calls.
 */
const BUDGET = 540
const WINDOW_MS = 60_000

const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
const MALFORMED_TOKENS = ['', ' ', 'Bearer x', 'null', 'x'.repeat(4096), '\u00e9\u00e8', "' OR 1=1"]

/**
 * The credentials a request may carry, with the side whose data each may see. Long runs would
 * trip the rate limiter and then test only it: user tokens are rotated through the platform API
 * before that, and the platform apps' tokens (which own the accounts, so cannot be replaced)
 * wait for the next window. Other tokens may be refused with 429, which is in every contract.
 */
export class CredentialPool {
  private spent = new Map<string, { window: number; count: number }>()
  private malformed = 0

  constructor(readonly world: FuzzWorld) {}

  sideOf(name: CredentialName): Side | null {
    if (name.endsWith('A')) return this.world.a
    if (name.endsWith('B')) return this.world.b
    return null
  }

  /** The account data the credential may legitimately read: its side, or none. */
  entitledSide(name: CredentialName): 'a' | 'b' | null {
    return this.sideOf(name)?.name ?? null
  }

  /** Counts one use of `token`; false once its budget for this window is gone. */
  private take(token: string) {
    const window = Math.floor(Date.now() / WINDOW_MS)
    const entry = this.spent.get(token)
    const count = entry?.window === window ? entry.count + 1 : 1
    this.spent.set(token, { window, count })
    return count <= BUDGET
  }

  /** A platform app's token, waiting for the next window when this one's budget is spent. */
  async platformToken(side: Side) {
    const token = side.platformApp.token
    if (!this.take(token)) {
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 50))
      this.take(token)
    }
    return token
  }

  /** A user's token, replaced by a fresh one when its budget is spent. */
  async userToken(side: Side, role: 'admin' | 'agent') {
    const user = side[role]
    if (this.take(user.token)) return user.token
    const res = await api(`/platform/api/v1/users/${user.userId}/token`, {
      method: 'POST',
      token: await this.platformToken(side),
    })
    if (res.status !== 200) throw new Error(`token rotation: ${res.status} ${res.text}`)
    user.token = res.json.access_token
    side.markers.add(user.token)
    this.take(user.token)
    return user.token
  }

  async token(name: CredentialName): Promise<string | undefined> {
    const side = this.sideOf(name)
    if (name === 'none') return undefined
    if (name === 'root') return PLATFORM_TOKEN
    if (name === 'unknown') return UNKNOWN_TOKEN
    if (name === 'malformed') return MALFORMED_TOKENS[this.malformed++ % MALFORMED_TOKENS.length]
    if (!side) return undefined
    if (name.startsWith('admin')) return this.userToken(side, 'admin')
    if (name.startsWith('agent')) return this.userToken(side, 'agent')
    if (name.startsWith('platform')) return this.platformToken(side)
    return side.bot.token
  }

  /**
   * Whether the credential's user has since been made a member of the other side's account (the
   * fuzzer can add any user to an account its platform app owns): then that data is its to see.
   */
  async joinedOtherSide(name: CredentialName): Promise<boolean> {
    const side = this.sideOf(name)
    if (!side || !(name.startsWith('admin') || name.startsWith('agent'))) return false
    const other = side.name === 'a' ? this.world.b : this.world.a
    const userId = name.startsWith('admin') ? side.admin.userId : side.agent.userId
    // Memberships are global rows: the directory is their truth (a shard's copy is never wider).
    const row = await env.DIRECTORY.prepare(
      'select 1 as member from account_users where user_id = ? and account_id in (?, ?)',
    )
      .bind(userId, other.accountId, other.spares.account)
      .first()
    return row !== null
  }
}
