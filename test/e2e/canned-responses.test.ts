import { describe, expect, it } from 'vitest'
import { freshTab } from './browser.ts'
import { inboxRow, sharedBrowser, showAll, signedInTab } from './dashboard-helpers.ts'
import {
  agentApi,
  env,
  eventuallyApi,
  expectCount,
  messagesOf,
  openAndIntroduce,
  sendMessage,
  theConversationOf,
  uniq,
  url,
} from './helpers.ts'

const browser = sharedBrowser()

describe('canned responses in the composer', () => {
  it('are offered after "/", chosen with the arrow keys and Enter, and sent as the reply', async () => {
    // Two responses sharing a prefix, so choosing one takes an arrow key.
    const prefix = `ship${uniq('x').split(' ')[1]}`
    const responses = [
      { short_code: `${prefix}-late`, content: uniq('Your parcel is running late, sorry.') },
      { short_code: `${prefix}-sent`, content: uniq('Your parcel left our warehouse today.') },
    ]
    for (const response of responses) {
      await agentApi('/canned_responses', response, env().adminToken)
    }

    const visitor = await freshTab(browser())
    await visitor.page.goto(url('/'))
    const name = uniq('Carla Customer')
    await openAndIntroduce(visitor.page, name, 'carla@example.com')
    await sendMessage(visitor.page, uniq('Where is my parcel?'))
    const conversation = await theConversationOf(name)

    const agent = await signedInTab(browser())
    await showAll(agent.page)
    await inboxRow(agent.page, name).click()
    const reply = agent.page.getByRole('textbox', { name: 'Reply' })
    await reply.click()
    await reply.pressSequentially(`/${prefix}`)

    // The composer's listbox, not the conversation's selects (their options are options too).
    const listbox = agent.page.getByRole('listbox', { name: 'Canned responses' })
    const options = listbox.getByRole('option')
    await expectCount(options, 2)
    expect((await options.allTextContents()).join(' ')).toContain(responses[0]!.short_code)
    await reply.press('ArrowDown')
    const chosen = listbox.getByRole('option', { selected: true })
    const chosenText = (await chosen.textContent()) ?? ''
    const picked = responses.find((r) => chosenText.includes(r.short_code))!
    expect(picked).toBeDefined()
    expect(await reply.getAttribute('aria-activedescendant')).toBe(await chosen.getAttribute('id'))
    await reply.press('Enter')

    expect(await reply.inputValue()).toBe(picked.content)
    await expectCount(options, 0)
    await reply.press('Enter')
    await agent.page.getByRole('region', { name: 'Messages' }).getByText(picked.content).waitFor()
    await eventuallyApi(async () =>
      (await messagesOf(conversation.id)).some((m) => m.content === picked.content),
    ).toBe(true)
    await Promise.all([visitor.context.close(), agent.context.close()])
  })
})
