import { describe, expect, it } from 'vitest'
import { MESSAGE_CANDIDATES } from '../../../worker/db/queries/conversations/message-search'
import {
  type Conversation,
  conversationsPath,
  createScene,
  messagesPath,
  postMessage,
  type Scene,
} from '../conversation-helpers'
import { accountDb, api, rerunMigration } from '../helpers'

async function search(scene: Scene, q: string, token = scene.world.admin.token) {
  const res = await api(`${conversationsPath(scene.world)}?q=${encodeURIComponent(q)}`, { token })
  expect(res.status, res.text).toBe(200)
  return {
    ids: (res.json.data.payload as { id: number }[]).map((c) => c.id),
    meta: res.json.data.meta,
  }
}

/** A conversation of the scene with one incoming message saying `content`. */
async function conversationSaying(scene: Scene, content: string): Promise<Conversation> {
  const conversation = await scene.conversation()
  const res = await postMessage(scene.world, conversation.id, {
    content,
    message_type: 'incoming',
  })
  expect(res.status, res.text).toBe(200)
  return { ...conversation, messageId: res.json.id }
}

describe('GET /conversations?q= through the message index', () => {
  it("finds the account's own conversations, never another account's with the same words", async () => {
    const ours = await createScene()
    const theirs = await createScene()
    const mine = await conversationSaying(ours, 'Parcel 7731 is stuck in customs')
    await conversationSaying(theirs, 'Parcel 7731 is stuck in customs')
    const found = await search(ours, 'parcel 7731')
    expect(found.ids).toEqual([mine.id])
    expect(found.meta.all_count).toBe(1)
    expect(found.meta.counts_capped).toBeUndefined()
    // Only incoming and outgoing text is searched, as before the index.
    expect((await search(ours, 'stuck in')).ids).toEqual([mine.id])
  })

  it('finds a message by its new text once changed, and no longer once deleted', async () => {
    const scene = await createScene()
    const conversation = await conversationSaying(scene, 'The blender arrived broken')
    const db = await accountDb(scene.world.accountId)
    await db
      .prepare('update messages set content = ? where id = ?')
      .bind('The toaster arrived broken', conversation.messageId)
      .run()
    expect((await search(scene, 'blender')).ids).toEqual([])
    expect((await search(scene, 'toaster')).ids).toEqual([conversation.id])
    const deleted = await api(
      `${messagesPath(scene.world, conversation.id)}/${conversation.messageId}`,
      {
        token: scene.world.admin.token,
        method: 'DELETE',
      },
    )
    expect(deleted.status, deleted.text).toBe(200)
    expect((await search(scene, 'toaster')).ids).toEqual([])
  })

  it('answers a term in more messages than it reads from the newest, saying the counts are floors', async () => {
    const scene = await createScene()
    const made: number[] = []
    for (let i = 0; i < MESSAGE_CANDIDATES + 5; i++) {
      made.push((await conversationSaying(scene, `Order ${i}: shipping delay again`)).id)
    }
    const found = await search(scene, 'shipping delay')
    expect(found.ids).toHaveLength(25)
    // The newest messages are the candidates: the five oldest conversations are not among them.
    expect(found.ids.every((id) => !made.slice(0, 5).includes(id))).toBe(true)
    expect(found.meta.counts_capped).toBe(true)
    expect(found.meta.all_count).toBe(MESSAGE_CANDIDATES)
  })

  it('answers a term too short for the index from the newest messages, saying so when there are more', async () => {
    const scene = await createScene()
    const conversation = await conversationSaying(scene, 'ok')
    const other = await conversationSaying(scene, 'fine')
    const found = await search(scene, 'ok')
    expect(found.ids).toEqual([conversation.id])
    expect(found.meta.counts_capped).toBeUndefined()
    // As many newer messages as a search reads push 'ok' out of its window: it reads no further.
    const db = await accountDb(scene.world.accountId)
    const row = await db
      .prepare('select id, inbox_id from conversations where account_id = ? and display_id = ?')
      .bind(scene.world.accountId, other.id)
      .first<{ id: number; inbox_id: number }>()
    for (let i = 0; i < MESSAGE_CANDIDATES; i++) {
      await db
        .prepare(
          'insert into messages (account_id, inbox_id, conversation_id, message_type, content) values (?, ?, ?, 0, ?)',
        )
        .bind(scene.world.accountId, row!.inbox_id, row!.id, `still fine ${i}`)
        .run()
    }
    const capped = await search(scene, 'ok')
    expect(capped.ids).toEqual([])
    expect(capped.meta.counts_capped).toBe(true)
    expect((await search(scene, 'ne')).ids).toEqual([other.id])
  })

  it('finds the messages already there once migration 0027 rebuilt the index newest first', async () => {
    const scene = await createScene()
    const older = await conversationSaying(scene, 'Refund for the red kettle')
    const newer = await conversationSaying(scene, 'Refund for the blue kettle')
    const db = await accountDb(scene.world.accountId)
    await rerunMigration(db, '0027_messages_search_newest_first.sql')
    // Rowid = −(message id): the index's own order is newest first.
    const { results } = await db
      .prepare('select rowid from messages_search where rowid in (?, ?) order by rowid')
      .bind(-older.messageId, -newer.messageId)
      .all<{ rowid: number }>()
    expect(results.map((r) => r.rowid)).toEqual([-newer.messageId, -older.messageId])
    expect((await search(scene, 'refund for the')).ids).toEqual([newer.id, older.id])
    // Its triggers index what comes after.
    const later = await conversationSaying(scene, 'Refund for the green kettle')
    expect((await search(scene, 'green kettle')).ids).toEqual([later.id])
  })
})
