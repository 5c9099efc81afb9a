import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import AccountSettingsPage from '../../../../dashboard/src/settings/account/AccountSettingsPage'
import { type Call, fakeRest, refusal } from '../shared/fake-rest'
import { field, press, renderSettingsPage, typeInto } from '../shared/harness'

function server(extra?: (call: Call) => Response | undefined) {
  let account = {
    id: 1,
    name: 'Acme',
    locale: 'en',
    settings: { auto_resolve_after: 7 * 1440 } as Record<string, unknown>,
  }
  return fakeRest({
    collections: {},
    answer(call) {
      const refused = extra?.(call)
      if (refused) return refused
      if (call.path !== '') return undefined
      if (call.method === 'PATCH') {
        const { auto_resolve_after, ...rest } = call.body ?? {}
        account = {
          ...account,
          ...rest,
          settings: auto_resolve_after === undefined ? account.settings : { auto_resolve_after },
        }
      }
      return Response.json(account)
    },
  })
}

describe('Account settings page', () => {
  it('shows the name, language, auto-resolve days and the account id', async () => {
    await renderSettingsPage(AccountSettingsPage, server().api, 'account')
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy()
    expect(field('Account name').value).toBe('Acme')
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe(
      'en',
    )
    expect(field('Resolve conversations after').value).toBe('7')
    expect(screen.getByText('Account id')).toBeTruthy()
    expect(screen.getByText(/\/api\/v1\/accounts\/1\//)).toBeTruthy()
  })

  it('saves the name and language, leaving an unchanged delay out, and says so', async () => {
    const rest = server()
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    typeInto('Account name', 'Acme Ltd')
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), {
      target: { value: 'de' },
    })
    await press()
    expect(rest.callsTo('PATCH', '')[0]?.body).toEqual({ name: 'Acme Ltd', locale: 'de' })
    expect(screen.getByText('Account settings saved.').getAttribute('role')).toBe('status')
  })

  it('sends the auto-resolve delay in minutes, and null when emptied', async () => {
    const rest = server()
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    typeInto('Resolve conversations after', '2')
    await press()
    expect(rest.callsTo('PATCH', '')[0]?.body).toMatchObject({ auto_resolve_after: 2880 })
    typeInto('Resolve conversations after', '')
    await press()
    expect(rest.callsTo('PATCH', '')[1]?.body).toMatchObject({ auto_resolve_after: null })
  })

  it('refuses a delay that is not 1 to 999 days without calling the API', async () => {
    const rest = server()
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    typeInto('Resolve conversations after', '1000')
    await press()
    expect(rest.callsTo('PATCH', '')).toHaveLength(0)
    expect(field('Resolve conversations after').getAttribute('aria-invalid')).toBe('true')
  })

  it("shows the API's 422 at the Account name field", async () => {
    const rest = server((call) =>
      call.method === 'PATCH' ? refusal('name', "can't be blank") : undefined,
    )
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    typeInto('Account name', '')
    await press()
    expect(field('Account name').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText("Account name can't be blank")).toBeTruthy()
  })

  it('turns assigning on reply off and on again, sending the setting only when it changed', async () => {
    const rest = server()
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    const box = screen.getByRole('checkbox', {
      name: 'Assign an unassigned conversation to the agent who replies',
    }) as HTMLInputElement
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    await press()
    expect(rest.callsTo('PATCH', '')[0]?.body).toMatchObject({ auto_assign_on_reply: false })
    await press()
    expect(rest.callsTo('PATCH', '')[1]?.body).not.toHaveProperty('auto_assign_on_reply')
    fireEvent.click(box)
    await press()
    expect(rest.callsTo('PATCH', '')[2]?.body).toMatchObject({ auto_assign_on_reply: true })
  })
})
