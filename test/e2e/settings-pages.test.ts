import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminCredentials,
  NO_VIOLATIONS,
  sharedBrowser,
  signedInTab,
  violationsAtBothWidths,
} from './dashboard-helpers.ts'
import { agentApi, env, eventuallyApi, uniq, url } from './helpers.ts'

const browser = sharedBrowser()
let page: Page
let errors: string[]
beforeAll(async () => {
  ;({ page, errors } = await signedInTab(browser(), adminCredentials()))
})

const admin$ = (path: string) => agentApi(path, undefined, env().adminToken)

const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '')

async function openSettings(section: string, title: string) {
  await page.goto(url(`/app/accounts/${env().accountId}/settings/${section}`))
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
}

/** Adds an item through the page's form: fills the fields and saves, then waits for its row. */
async function add(button: string, fields: Record<string, string>, rowText: string) {
  await page.getByRole('button', { name: button }).click()
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value)
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('row', { name: new RegExp(rowText) }).waitFor()
}

describe('the teams, labels, custom attributes, canned responses and account settings pages', () => {
  it('create a label, with no serious accessibility violation', async () => {
    await openSettings('labels', 'Labels')
    const title = `vip-${uniq('x').split(' ')[1]}`
    // By keyboard only: the form takes the focus when it opens, Tab walks it, Enter saves.
    await page.getByRole('button', { name: 'Add label' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedText()).toBe('New label')
    await page.keyboard.press('Tab')
    await page.keyboard.type(title)
    await page.keyboard.press('Tab')
    await page.keyboard.type('Customers who pay most')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('row', { name: new RegExp(title) }).waitFor()
    await page.getByText('Label created.').waitFor()
    await expect.poll(() => focusedText()).toBe('Add label')
    const labels = (await admin$('/labels')).payload as { title: string }[]
    expect(labels.map((label) => label.title)).toContain(title)
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    // The form open, with an error by its field, is checked too.
    await page.getByRole('button', { name: 'Add label' }).click()
    await page.getByLabel('Title', { exact: true }).fill('not valid!')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // The field's error in words (i18n/field-errors), under the hint that says what is allowed.
    await page.getByText('Title is not in the right format.').waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
  })

  it('create a team and put the agent in it', async () => {
    await openSettings('teams', 'Teams')
    const name = uniq('night shift')
    await add('Add team', { Name: name, Description: 'Answers after six' }, name)
    await page.getByRole('button', { name: `Members of ${name}` }).click()
    const panel = page.getByRole('region', { name: `Members of ${name}` })
    await panel.getByRole('checkbox', { name: new RegExp(env().agentEmail) }).check()
    await panel.getByRole('button', { name: 'Save members' }).click()
    await panel.getByText(`Members of ${name} saved.`).waitFor()
    const teams = (await admin$('/teams')) as unknown as { id: number; name: string }[]
    const team = teams.find((t) => t.name === name)
    expect(team).toBeDefined()
    const members = (await admin$(`/teams/${team?.id}/team_members`)) as unknown as {
      email: string
    }[]
    expect(members.map((m) => m.email)).toEqual([env().agentEmail])
    await page.getByRole('row', { name: new RegExp(`${name}.*Answers after six\\s*1`) }).waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
  })

  it('create a custom attribute whose key follows its name', async () => {
    await openSettings('custom-attributes', 'Custom attributes')
    const suffix = uniq('x').split(' ')[1]
    await page.getByRole('button', { name: 'Add attribute' }).click()
    await page.getByLabel('Display name', { exact: true }).fill(`Order size ${suffix}`)
    expect(await page.getByLabel('Key', { exact: true }).inputValue()).toBe(`order_size_${suffix}`)
    await page.getByLabel('Type').selectOption('number')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('row', { name: new RegExp(`order_size_${suffix}`) }).waitFor()
    const definitions = (await admin$(
      '/custom_attribute_definitions?attribute_model=conversation_attribute',
    )) as unknown as { attribute_key: string; attribute_display_type: string }[]
    expect(definitions.find((d) => d.attribute_key === `order_size_${suffix}`)).toMatchObject({
      attribute_display_type: 'number',
    })
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
  })

  it('create a canned response, and refuse its short code twice at the field', async () => {
    await openSettings('canned-responses', 'Canned responses')
    const code = `thanks-${uniq('x').split(' ')[1]}`
    const fields = { 'Short code': code, Content: 'Thank you for waiting.' }
    await add('Add canned response', fields, code)
    await page.getByText('Canned response created.').waitFor()
    await page.getByRole('button', { name: 'Add canned response' }).click()
    await page.getByLabel('Short code', { exact: true }).fill(code)
    await page.getByLabel('Content', { exact: true }).fill('Again')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Short code is already used by another record.').waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
  })

  it('rename the account', async () => {
    await openSettings('account', 'Account')
    const before = await page.getByLabel('Account name').inputValue()
    const renamed = uniq('Renamed account')
    await page.getByLabel('Account name').fill(renamed)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Account settings saved.').waitFor()
    await eventuallyApi(async () => (await admin$('')).name).toBe(renamed)
    await page
      .getByRole('figure', { name: 'Account id' })
      .getByText(String(env().accountId))
      .waitFor()
    expect(await violationsAtBothWidths(page)).toEqual(NO_VIOLATIONS)
    // Put back, for the other tests that read the account.
    await page.getByLabel('Account name').fill(before)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await eventuallyApi(async () => (await admin$('')).name).toBe(before)
  })

  it('raised no script error and no CSP refusal on the way', () => {
    // A swatch's colour is set through the CSSOM, which the app's CSP allows; a style attribute
    // would be refused.
    const broken = errors.filter(
      (e) => e.startsWith('pageerror') || /Content Security Policy/i.test(e),
    )
    expect(broken).toEqual([])
  })
})
