import { randomBytes } from 'node:crypto'
import type { Locator, Page } from 'playwright-core'
import { expect, inject } from 'vitest'

export type E2eEnv = {
  baseUrl: string
  accountId: number
  adminToken: string
  agentToken: string
  /** The demo agent's sign-in for the dashboard. */
  agentEmail: string
  agentPassword: string
  adminEmail: string
  adminPassword: string
  websiteInboxId: number
  websiteInboxIdentifier: string
  websiteInboxName: string
  /** The Twilio stand-in phone inboxes send to (scripts/twilio-stand-in.mjs). */
  twilioBase: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnv
  }
}

export const env = () => inject('e2e')

/** Retries a read until the assertion chained on it passes (no fixed sleeps anywhere). */
export const eventually = <T>(
  read: () => T | Promise<T>,
  { timeout = 15_000, interval = 100 } = {},
) => expect.poll(read, { timeout, interval })

/** The same for reads through the API (spaced out: the API rate-limits each token). */
export const eventuallyApi = <T>(read: () => Promise<T>) => eventually(read, { interval: 400 })

/** The number of elements a locator matches, once it settles on `count`. */
export const expectCount = (locator: Locator, count: number) =>
  eventually(() => locator.count()).toBe(count)

/** Whether the element holds focus, looking through shadow roots. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el)
export const url = (path: string) => new URL(path, env().baseUrl).href
export const uniq = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`

// biome-ignore lint/suspicious/noExplicitAny: tests read the API's JSON as it comes
type Json = any

/** Calls the application API as the demo agent (or another token); throws unless 200. */
export async function agentApi(
  path: string,
  body?: unknown,
  token = env().agentToken,
): Promise<Json> {
  const res = await fetch(url(`/api/v1/accounts/${env().accountId}${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      api_access_token: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`)
  return JSON.parse(text)
}

export type ApiConversation = {
  id: number
  status: string
  meta: { sender: { name: string | null; email: string | null; identifier: string | null } }
}
export type ApiMessage = { id: number; content: string | null; message_type: number }

/** The website inbox's conversations whose contact has this name, as the agent sees them. */
export async function conversationsOf(contactName: string): Promise<ApiConversation[]> {
  const list = await agentApi(`/conversations?inbox_id=${env().websiteInboxId}&status=all`)
  return (list.data.payload as ApiConversation[]).filter((c) => c.meta.sender.name === contactName)
}

/** Waits until the visitor called `contactName` has exactly one conversation, and returns it. */
export async function theConversationOf(contactName: string): Promise<ApiConversation> {
  await eventuallyApi(async () => (await conversationsOf(contactName)).length).toBe(1)
  return (await conversationsOf(contactName))[0]!
}

export async function messagesOf(displayId: number): Promise<ApiMessage[]> {
  const res = await agentApi(`/conversations/${displayId}/messages`)
  return res.payload as ApiMessage[]
}

/** Contents of the conversation's messages from the visitor (message_type 0), oldest first. */
export async function visitorMessages(displayId: number): Promise<string[]> {
  return (await messagesOf(displayId)).filter((m) => m.message_type === 0).map((m) => m.content!)
}

/** Posts a public reply as the agent, like an agent's app does. */
export function agentReply(displayId: number, content: string): Promise<ApiMessage> {
  return agentApi(`/conversations/${displayId}/messages`, { content, message_type: 'outgoing' })
}

/** The widget as assistive technology sees it (Playwright's role queries pierce shadow roots). */
export function widget(page: Page) {
  const inboxName = env().websiteInboxName
  // The header's close button is also named "Close chat": the launcher is the one with a popup.
  const launcher = page.locator('parley-widget button[aria-haspopup="dialog"]')
  const dialog = page.getByRole('dialog', { name: `Chat with ${inboxName}` })
  const log = dialog.getByRole('log', { name: 'Messages' })
  return {
    launcher,
    dialog,
    log,
    textbox: dialog.getByRole('textbox', { name: 'Type your message' }),
    send: dialog.getByRole('button', { name: 'Send message' }),
    startConversation: dialog.getByRole('button', { name: 'Start conversation' }),
    nameField: dialog.getByRole('textbox', { name: 'Full name' }),
    emailField: dialog.getByRole('textbox', { name: 'Email address' }),
    /** The visitor's own message bubble with this text. */
    mine: (text: string) => log.locator('.message.mine', { hasText: text }),
    theirs: (text: string) => log.locator('.message.theirs', { hasText: text }),
  }
}

/** Opens the widget with a click and answers the pre-chat form. */
export async function openAndIntroduce(page: Page, name: string, email: string) {
  const w = widget(page)
  await w.launcher.click()
  await w.dialog.waitFor()
  await w.nameField.fill(name)
  await w.emailField.fill(email)
  await w.startConversation.click()
  await w.textbox.waitFor()
  return w
}

/** Types and sends a message with the button; waits until the server has accepted it. */
export async function sendMessage(page: Page, text: string) {
  const w = widget(page)
  await w.textbox.fill(text)
  await w.send.click()
  await expectDelivered(page, text)
}

/** The visitor's message is in the log once, no longer pending or failed. */
export async function expectDelivered(page: Page, text: string) {
  const bubble = widget(page).mine(text)
  await expectCount(bubble, 1)
  await eventually(() => bubble.getAttribute('data-delivery')).toBeNull()
}

/** A member of the account as the agents API lists them, found by email (asked as the administrator). */
export async function agentByEmail(
  email: string,
): Promise<{ id: number; name: string; email: string; available_name?: string }> {
  const agents: { id: number; name: string; email: string; available_name?: string }[] =
    await agentApi('/agents', undefined, env().adminToken)
  const agent = agents.find((a) => a.email === email)
  if (!agent) throw new Error(`${email} is not listed among the agents`)
  return agent
}

/**
 * A new contact with one conversation in the website inbox (the seeded agent is a member of it),
 * or in `inboxId`, opened by the administrator's `message`; made through the API. Returns its
 * display id.
 */
export async function newContactConversation(
  name: string,
  message: string,
  inboxId = env().websiteInboxId,
): Promise<number> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  const admin = env().adminToken
  const created = await agentApi('/contacts', { name, email, inbox_id: inboxId }, admin)
  const conversation = await agentApi(
    '/conversations',
    { inbox_id: inboxId, contact_id: created.payload.contact.id, message: { content: message } },
    admin,
  )
  return conversation.id as number
}

/** A POST to the website inbox's public (widget) API, as a visitor's browser sends it; throws unless 200. */
export async function publicApi(path: string, body: unknown) {
  const base = `/public/api/v1/inboxes/${env().websiteInboxIdentifier}`
  const res = await fetch(url(`${base}${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`)
  return JSON.parse(text)
}
