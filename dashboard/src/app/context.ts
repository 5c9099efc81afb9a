import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { ApiClient } from '../api/client'
import type { Profile } from '../api/schema'
import type { LiveFeed } from '../live/types'

/** What every view of a signed-in account reaches through context (no global singletons). */
export interface AccountServices {
  api: ApiClient
  feed: LiveFeed
  accountId: number
  /** The signed-in user (GET /api/v1/profile). */
  me: Profile
}

export const AccountContext = createContext<AccountServices | null>(null)

export function useAccount(): AccountServices {
  const services = useContext(AccountContext)
  if (!services) throw new Error('useAccount outside an AccountContext provider')
  return services
}
