import { describe, expect, it } from 'vitest'
import type { Message } from '../../../widget/src/client/types'
import { localMessage, seenUpTo, upsertMessages } from '../../../widget/src/store/messages'

const msg = (id: number, fields: Partial<Message> = {}): Message => ({
  id,
  content: `m${id}`,
  message_type: 1,
  content_type: 'text',
  created_at: 1000 + id,
  conversation_id: 1,
  ...fields,
})

describe('upsertMessages', () => {
  it('keeps one entry per id however often a message arrives', () => {
    let list = upsertMessages([], [msg(1), msg(2)]).list
    const again = upsertMessages(list, [msg(2), msg(1), msg(2)])
    list = again.list
    expect(list.map((m) => m.id)).toEqual([1, 2])
    expect(again.added).toEqual([])
  })

  it('replaces the optimistic entry with the server message carrying its echo_id', () => {
    const local = localMessage({ echoId: 'e1', content: 'hi', createdAt: 5000 }, 1)
    const { list } = upsertMessages([msg(1), local], [msg(9, { echo_id: 'e1', message_type: 0 })])
    expect(list).toHaveLength(2)
    expect(list[1]).toMatchObject({ id: 9, echo_id: 'e1', delivery: undefined })
  })

  it('keeps the echo_id when the server copy omits it, so list keys stay stable', () => {
    const local = localMessage({ echoId: 'e1', content: 'hi', createdAt: 5000 }, 1)
    const first = upsertMessages([local], [msg(3, { echo_id: 'e1', message_type: 0 })]).list
    const { list } = upsertMessages(first, [msg(3, { echo_id: null, message_type: 0 })])
    expect(list[0]?.echo_id).toBe('e1')
  })

  it('orders by id with unconfirmed messages last', () => {
    const local = localMessage({ echoId: 'e1', content: 'hi', createdAt: 5000 }, 1)
    const { list } = upsertMessages([local], [msg(5), msg(2)])
    expect(list.map((m) => m.id ?? m.echo_id)).toEqual([2, 5, 'e1'])
  })
})

describe('seenUpTo', () => {
  it('is the newest message id at or before the last-seen time', () => {
    expect(seenUpTo([msg(1), msg(2), msg(3)], 1002)).toBe(2)
    expect(seenUpTo([msg(1)], null)).toBe(0)
  })
})
