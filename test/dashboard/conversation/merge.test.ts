import { describe, expect, it } from 'vitest'
import { type ChatMessage, mergeMessages } from '../../../dashboard/src/conversation/messages'
import { message } from './fake-server'

describe('merging messages', () => {
  it('keeps one entry per id when the same message arrives twice', () => {
    const once = mergeMessages([], [message(1), message(2)]).list
    const twice = mergeMessages(once, [message(2, { content: 'edited' }), message(3)])
    expect(twice.list.map((m) => m.id)).toEqual([1, 2, 3])
    expect(twice.list[1]?.content).toBe('edited')
    expect(twice.added.map((m) => m.id)).toEqual([3])
  })

  it('confirms a pending message in place by its echo_id, after the confirmed ones', () => {
    const pending: ChatMessage = {
      ...message(0),
      id: undefined,
      echo_id: 'e1',
      delivery: 'pending',
    }
    const list = mergeMessages([message(1)], [pending]).list
    const withNewer = mergeMessages(list, [message(2)]).list
    expect(withNewer.map((m) => m.id)).toEqual([1, 2, undefined])
    const confirmed = mergeMessages(withNewer, [message(3, { echo_id: 'e1' })])
    expect(confirmed.added).toEqual([])
    expect(confirmed.list.map((m) => m.id)).toEqual([1, 2, 3])
    expect(confirmed.list[2]?.delivery).toBeUndefined()
  })

  it('puts an older page before the messages held', () => {
    const list = mergeMessages([message(30), message(31)], [message(10), message(11)]).list
    expect(list.map((m) => m.id)).toEqual([10, 11, 30, 31])
  })

  it('merges a replay of 5,000 messages into the same 5,000, adding none', () => {
    const held = Array.from({ length: 5000 }, (_, i) => message(i + 1))
    const again = Array.from({ length: 5000 }, (_, i) => message(i + 1))
    const { list, added } = mergeMessages(mergeMessages([], held).list, again)
    expect(added).toEqual([])
    expect(list.length).toBe(5000)
    expect(list.at(-1)?.id).toBe(5000)
  })
})
