import { tmpdir } from 'node:os'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import { sharedBrowser, violationIds } from './dashboard-helpers.ts'
import {
  agentApi,
  agentReply,
  conversationsOf,
  env,
  eventuallyApi,
  expectDelivered,
  openAndIntroduce,
  theConversationOf,
  uniq,
  url,
  widget,
} from './helpers.ts'

// Screenshots for looking at, never inside the repository: SHOTS_DIR or the temporary folder.
const SHOTS = process.env.SHOTS_DIR ?? tmpdir()

const browser = sharedBrowser()
beforeAll(async () => {
  // The first page of a cold worker compiles the widget's routes: take that wait here.
  await fetch(url('/'))
})

describe('past conversations in the widget', () => {
  for (const [width, height, label] of [
    [1366, 800, 'desktop'],
    [360, 640, 'phone'],
  ] as const) {
    it(`a returning visitor sees a resolved conversation, opens it and starts a new one at ${width} px (${label})`, async () => {
      const { context, page, errors } = await freshTab(browser())
      await page.setViewportSize({ width, height })
      await page.goto(url('/'))
      const name = uniq('Returning Visitor')
      const w = await openAndIntroduce(
        page,
        name,
        `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`,
      )
      const question = uniq('Where is my order?')
      await w.textbox.fill(question)
      await w.send.click()
      await expectDelivered(page, question)
      const first = await theConversationOf(name)
      const answer = uniq('It ships today.')
      await agentReply(first.id, answer)
      await w.theirs(answer).waitFor()
      await agentApi(
        `/conversations/${first.id}/toggle_status`,
        { status: 'resolved' },
        env().adminToken,
      )

      // The visitor comes back later: a new page view, the same browser.
      await page.goto(url('/'))
      const back = widget(page)
      await back.launcher.click()
      await back.dialog.waitFor()
      await back.dialog.getByRole('button', { name: 'Past conversations' }).click()
      const past = back.dialog.getByRole('region', { name: 'Past conversations' })
      const row = past.getByRole('button', { name: new RegExp(answer.replace(/\W/g, '.')) })
      await row.waitFor()
      expect(await row.textContent()).toContain('Resolved')
      await page.screenshot({ path: `${SHOTS}/widget-past-${width}.png` })
      expect(await violationIds(page)).toEqual([])

      await row.click()
      await back.theirs(answer).waitFor()
      await back.mine(question).waitFor()
      await back.dialog.getByText('This conversation has ended.').waitFor()

      await back.dialog.getByRole('button', { name: 'Past conversations' }).click()
      await past.getByRole('button', { name: 'Start a new conversation' }).click()
      const next = uniq('One more question')
      await back.textbox.fill(next)
      await back.send.click()
      await expectDelivered(page, next)
      await page.screenshot({ path: `${SHOTS}/widget-past-chat-${width}.png` })
      await eventuallyApi(async () => (await conversationsOf(name)).length).toBe(2)
      const conversations = await conversationsOf(name)
      expect(conversations.map((c) => c.status).sort()).toEqual(['open', 'resolved'])
      expect(await violationIds(page)).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
