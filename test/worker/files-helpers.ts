import { env, SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { contactsPath } from './contacts-helpers'
import {
  addInboxMember,
  conversationsPath,
  createInbox,
  messagesPath,
  pngBytes,
  sendForm,
} from './conversation-helpers'
import { api, createWorld, type World } from './helpers'

/** The R2 key of a file URL the API handed out. */
export const keyOf = (url: string) =>
  decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ''))

/** The status the file route answers for a URL. */
export const served = async (url: string) => (await SELF.fetch(url)).status

/** Whether the FILES bucket holds the key. */
export const stored = async (key: string) => (await env.FILES.head(key)) !== null

/** An account with an administrator, an agent and an API inbox the agent is a member of. */
export async function fileScene() {
  const world = await createWorld()
  const inbox = await createInbox(world, 'api')
  await addInboxMember(world, inbox.id, world.agent.id)
  return { world, inboxId: inbox.id }
}

/**
 * A contact with an uploaded avatar, in a conversation of the inbox whose message carries an
 * attachment; both files served before anything is deleted.
 */
export async function contactWithFiles(world: World, inboxId: number) {
  const form = new FormData()
  form.append('name', 'Filed Contact')
  form.append('avatar', new File([pngBytes()], 'face.png', { type: 'image/png' }))
  const created = await sendForm(contactsPath(world), world.admin.token, form)
  if (created.status !== 200) throw new Error(`contact: ${created.status} ${created.text}`)
  const contact = created.json.payload.contact as { id: number; thumbnail: string }
  const conversation = await api(conversationsPath(world), {
    token: world.admin.token,
    body: { inbox_id: inboxId, contact_id: contact.id },
  })
  if (conversation.status !== 200) throw new Error(`conversation: ${conversation.text}`)
  const message = new FormData()
  message.append('content', 'the scan')
  message.append('attachments[]', new File([pngBytes(200)], 'scan.png', { type: 'image/png' }))
  const posted = await sendForm(
    messagesPath(world, conversation.json.id),
    world.admin.token,
    message,
  )
  if (posted.status !== 200) throw new Error(`message: ${posted.status} ${posted.text}`)
  const urls = {
    avatar: contact.thumbnail,
    attachment: posted.json.attachments[0].data_url as string,
  }
  expect(await served(urls.avatar)).toBe(200)
  expect(await served(urls.attachment)).toBe(200)
  return { contactId: contact.id, urls }
}
