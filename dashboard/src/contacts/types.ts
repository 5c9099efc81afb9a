import type { Conversation, components, operations } from '../api/schema'

type Schemas = components['schemas']

export type Contact = Schemas['Contact']
export type ContactLabel = Schemas['Label']
export type { Conversation }
/** The list's and the search's sort keys (a leading `-` sorts descending). */
export type ContactSort = NonNullable<
  NonNullable<operations['listContacts']['parameters']['query']>['sort']
>

/** Identified: with an email, phone number or identifier (the API's default); all: visitors too. */
export type ContactView = 'identified' | 'all'

/** What the list shows: a search text or a label (the API's search takes no label), a page, a sort. */
export interface ContactQuery {
  view: ContactView
  q: string
  label: string
  page: number
  sort: ContactSort
}

export const FIRST_QUERY: ContactQuery = {
  view: 'identified',
  q: '',
  label: '',
  page: 1,
  sort: '-created_at',
}

/** One page of contacts; a search knows only whether more follow, not the total. */
export interface ContactPage {
  contacts: Contact[]
  page: number
  total: number | null
  /** `total` is a floor: the server counted up to its cap and stopped ("100+"). */
  capped: boolean
  hasMore: boolean
  /** Where the next page of the list starts (absent for a search or a last page). */
  nextCursor?: string
}
