import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminCredentials,
  DESKTOP,
  NO_VIOLATIONS,
  PHONE,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventuallyApi, newContactConversation, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
const admin = () => env().adminToken

const conversationOf = (name: string) =>
  newContactConversation(name, 'What would forty seats cost?')

/**
 * The parts of the editor that stick out of it at a phone's width: none, so it reflows instead
 * of scrolling sideways. (Measured against the editor's own box: the page around it is the
 * shell's.)
 */
async function editorOverflowAtPhoneWidth(page: Page) {
  await page.setViewportSize(PHONE)
  const outside = await page.evaluate(() => {
    const editor = document.querySelector('.funnel-editor') as HTMLElement
    const box = editor.getBoundingClientRect()
    return [...editor.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > box.right + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
  })
  await page.setViewportSize(DESKTOP)
  return outside
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** Fills the editor's "New stage" form and adds the stage. */
async function addStage(page: Page, name: string, requiredItem?: string) {
  const form = region(page, 'New stage')
  await form.getByLabel('Stage name').fill(name)
  if (requiredItem) {
    await form.getByRole('button', { name: 'Add checklist item' }).click()
    await form.getByLabel('Item 1 title').fill(requiredItem)
    await form.getByRole('checkbox', { name: 'Item 1 required' }).check()
  }
  await form.getByRole('button', { name: 'Add stage' }).click()
}

describe('the funnel editor and the conversation funnel panel', () => {
  it('creates a funnel with two stages that the board shows, accessibly', async () => {
    const name = uniq('Editor funnel')
    const { page, context } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/funnels`))
    await page.getByRole('button', { name: 'New funnel' }).click()
    const editor = region(page, 'New funnel')
    await editor.getByLabel('Name').fill(name)
    await editor.getByRole('button', { name: 'Create funnel' }).click()
    await page.getByText(`Funnel ${name} created. Add its stages below.`).waitFor()

    await addStage(page, 'Lead')
    await region(page, 'Stage 1: Lead').waitFor()
    await addStage(page, 'Qualified', 'Budget known')
    await region(page, 'Stage 2: Qualified').waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    expect(await editorOverflowAtPhoneWidth(page)).toEqual([])

    // Reordered by keyboard, and the order holds on the server.
    await page.getByRole('button', { name: 'Move Qualified up' }).focus()
    await page.keyboard.press('Enter')
    await region(page, 'Stage 1: Qualified').waitFor()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Move Qualified down')

    const funnels = await agentApi('/funnels', undefined, admin())
    const made = funnels.payload.find((f: { name: string }) => f.name === name)
    expect(made.stages.map((s: { name: string }) => s.name)).toEqual(['Qualified', 'Lead'])
    expect(made.stages[0].checklist_template).toEqual([{ title: 'Budget known', required: true }])

    // The funnels list reloaded with it; its board has a column per stage.
    await page.getByRole('link', { name }).click()
    await page.waitForURL(new RegExp(`/funnels/${made.id}$`))
    await region(page, 'Qualified').waitFor()
    await region(page, 'Lead').waitFor()
    await context.close()
  })

  it("ticks a checklist item in a conversation's funnel panel", async () => {
    const funnel = await agentApi('/funnels', { name: uniq('Panel funnel') }, admin())
    const stage = await agentApi(
      `/funnels/${funnel.id}/stages`,
      { name: 'Qualified', checklist_template: [{ title: 'Budget known', required: true }] },
      admin(),
    )
    const displayId = await conversationOf(uniq('Nina Buyer'))
    await agentApi(
      `/conversations/${displayId}/funnel_stage`,
      { funnel_id: funnel.id, stage_id: stage.id },
      admin(),
    )

    const { page, context } = await signedInTab(browser(), adminCredentials())
    await page.goto(url(`/app/accounts/${env().accountId}/conversations/${displayId}`))
    const panel = region(page, 'Funnels')
    await panel.getByRole('heading', { name: funnel.name }).waitFor()
    const item = panel
      .getByRole('group', { name: 'Checklist for Qualified' })
      .getByRole('checkbox', { name: 'Budget known (required)' })
    expect(await item.isChecked()).toBe(false)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)

    await item.check()
    await eventuallyApi(async () => {
      const list = await agentApi(`/conversations/${displayId}/checklist`, undefined, admin())
      return list.payload.map((it: { title: string; checked: boolean }) => [it.title, it.checked])
    }).toEqual([['Budget known', true]])
    expect(await item.isChecked()).toBe(true)
    await context.close()
  })
})
