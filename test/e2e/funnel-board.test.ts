import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import {
  agentApi,
  env,
  eventually,
  eventuallyApi,
  hasFocus,
  newContactConversation,
  uniq,
  url,
} from './helpers.ts'

const browser = sharedBrowser()
const admin = () => env().adminToken

const conversationOf = (name: string) => newContactConversation(name, 'I would like a quote')

/**
 * A funnel Lead → Qualified (whose checklist requires "Budget known") → Won, with two new
 * conversations in Lead; all through the API as the administrator.
 */
async function pipelineWithTwoLeads() {
  const funnel = await agentApi('/funnels', { name: uniq('Pipeline') }, admin())
  const stage = (body: object) => agentApi(`/funnels/${funnel.id}/stages`, body, admin())
  const lead = await stage({ name: 'Lead', color: '#1f93ff' })
  const qualified = await stage({
    name: 'Qualified',
    color: '#c77700',
    checklist_template: [{ title: 'Budget known', required: true }],
  })
  const won = await stage({ name: 'Won', color: '#1e8e3e' })
  const first = uniq('Lena Lead')
  const second = uniq('Omar Lead')
  const ids = { [first]: await conversationOf(first), [second]: await conversationOf(second) }
  for (const id of Object.values(ids)) {
    await agentApi(
      `/conversations/${id}/funnel_stage`,
      { funnel_id: funnel.id, stage_id: lead.id },
      admin(),
    )
  }
  return {
    funnelId: funnel.id as number,
    stages: { lead: lead.id as number, qualified: qualified.id as number, won: won.id as number },
    first,
    second,
    ids,
  }
}

const boardPath = (funnelId: number) => `/app/accounts/${env().accountId}/funnels/${funnelId}`
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true })
const cardIn = (page: Page, stage: string, contact: string) =>
  column(page, stage)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: contact }) })

/** The stage the API has the conversation in, in this funnel. */
async function stageOf(displayId: number, funnelId: number) {
  const placements = await agentApi(`/conversations/${displayId}/funnel_stages`)
  return placements.payload.find((p: { funnel_id: number }) => p.funnel_id === funnelId)?.stage_id
}

/** Focuses the card's Move to…, opens its menu with Enter, walks it with `keys`, chooses with Enter. */
async function moveByKeyboard(page: Page, stage: string, contact: string, keys: string[]) {
  const button = cardIn(page, stage, contact).getByRole('button', { name: 'Move to…' })
  await button.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: `Move "${contact}" to` })
  await menu.waitFor()
  // As a keyboard user does: keys go to the menu once it has focus.
  await eventually(() => hasFocus(menu.getByRole('menuitem').first())).toBe(true)
  for (const key of keys) await page.keyboard.press(key)
  await page.keyboard.press('Enter')
}

describe('the funnel board', () => {
  it('moves cards by keyboard, explains a refused move, and updates another agent live', async () => {
    const pipeline = await pipelineWithTwoLeads()
    const { funnelId, stages, first, second, ids } = pipeline
    const owner = await signedInTab(browser(), adminCredentials())
    await owner.page.goto(url(boardPath(funnelId)))
    await cardIn(owner.page, 'Lead', first).waitFor()
    await cardIn(owner.page, 'Lead', second).waitFor()

    // 1. Lead → Qualified by keyboard only (the menu lists Qualified, Won: down, up, Enter).
    await moveByKeyboard(owner.page, 'Lead', first, ['ArrowDown', 'ArrowUp'])
    const moved = cardIn(owner.page, 'Qualified', first)
    await moved.waitFor()
    await eventually(() => hasFocus(moved.getByRole('button', { name: 'Move to…' }))).toBe(true)
    await eventuallyApi(() => stageOf(ids[first] as number, funnelId)).toBe(stages.qualified)

    // 2. Qualified → Won is refused: "Budget known" is unchecked. The card stays.
    await moveByKeyboard(owner.page, 'Qualified', first, ['ArrowDown'])
    const alert = owner.page.getByRole('alert').filter({ hasText: 'Budget known' })
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      `Can't move "${first}" to Won: these checklist items are required: Budget known`,
    )
    await cardIn(owner.page, 'Qualified', first).waitFor()
    expect(await cardIn(owner.page, 'Won', first).count()).toBe(0)
    expect(await stageOf(ids[first] as number, funnelId)).toBe(stages.qualified)

    // 3. The agent has the board open; a move on the owner's page reaches it without a reload.
    const agent = await signedInTab(browser())
    await agent.page.goto(url(boardPath(funnelId)))
    await cardIn(agent.page, 'Lead', second).waitFor()
    await cardIn(agent.page, 'Qualified', first).waitFor()
    let navigations = 0
    agent.page.on('framenavigated', (frame) => {
      if (frame === agent.page.mainFrame()) navigations++
    })
    await moveByKeyboard(owner.page, 'Lead', second, ['End'])
    await cardIn(owner.page, 'Won', second).waitFor()
    await cardIn(agent.page, 'Won', second).waitFor()
    expect(await cardIn(agent.page, 'Lead', second).count()).toBe(0)
    // And a move made elsewhere (the API) arrives too.
    await agentApi(
      `/conversations/${ids[second]}/funnel_stage`,
      { funnel_id: funnelId, stage_id: stages.lead },
      admin(),
    )
    await cardIn(agent.page, 'Lead', second).waitFor()
    expect(navigations).toBe(0)
    // The refusal was a 422 the page handled; nothing threw.
    const thrown = [...owner.errors, ...agent.errors].filter((e) => e.startsWith('pageerror'))
    expect(thrown).toEqual([])
    await owner.context.close()
    await agent.context.close()
  })

  it('moves a card dragged onto another column', async () => {
    const { funnelId, stages, first, ids } = await pipelineWithTwoLeads()
    const owner = await signedInTab(browser(), adminCredentials())
    const { page } = owner
    await page.goto(url(boardPath(funnelId)))
    await cardIn(page, 'Lead', first).dragTo(column(page, 'Won'))
    await cardIn(page, 'Won', first).waitFor()
    await eventuallyApi(() => stageOf(ids[first] as number, funnelId)).toBe(stages.won)
    await owner.context.close()
  })

  it('has no serious accessibility violation on the list and the board, wide and narrow', async () => {
    const { funnelId, first } = await pipelineWithTwoLeads()
    const owner = await signedInTab(browser(), adminCredentials())
    const { page } = owner
    await page.goto(url(`/app/accounts/${env().accountId}/funnels`))
    await page
      .getByRole('link', { name: /^Pipeline / })
      .first()
      .waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await page.goto(url(boardPath(funnelId)))
    await cardIn(page, 'Lead', first).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await owner.context.close()

    // At a phone's width the columns scroll inside the board; the page never scrolls sideways.
    // Seen as the agent: the administrator's header (its navigation has Settings too) is wider
    // than 360 px on every page, which is the shell's layout, not the board's.
    const agent = await signedInTab(browser(), undefined, PHONE)
    await agent.page.goto(url(boardPath(funnelId)))
    await cardIn(agent.page, 'Lead', first).waitFor()
    const sideways = await agent.page.evaluate(() => {
      const board = document.querySelector('.board') as HTMLElement
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        board: board.scrollWidth - board.clientWidth,
      }
    })
    expect(sideways.page).toBeLessThanOrEqual(0)
    expect(sideways.board).toBeGreaterThan(0)
    await agent.context.close()
  })
})
