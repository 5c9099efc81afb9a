import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import AccountSettingsPage from '../../../../dashboard/src/settings/account/AccountSettingsPage'
import { currencyOptions } from '../../../../dashboard/src/settings/account/currencies'
import { fakeRest, refusal } from '../shared/fake-rest'
import { press, renderSettingsPage } from '../shared/harness'

function server(settings: Record<string, unknown>, refuse = false) {
  return fakeRest({
    collections: {},
    answer(call) {
      if (call.path !== '') return undefined
      if (call.method === 'PATCH' && refuse)
        return refusal('currency', 'is not an ISO 4217 currency code')
      return Response.json({ id: 1, name: 'Acme', locale: 'en', settings })
    },
  })
}

const currencyField = () => screen.getByRole('combobox', { name: 'Currency' }) as HTMLSelectElement

describe("the account's currency in Settings › Account", () => {
  it('offers the ISO 4217 codes with their names', () => {
    const options = currencyOptions('en')
    expect(options.find((o) => o.value === 'EUR')?.label).toBe('EUR — Euro')
    expect(options.some((o) => o.value === 'USD')).toBe(true)
  })

  it('shows USD for an account that never chose one, and sends only a changed currency', async () => {
    const rest = server({})
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    expect(currencyField().value).toBe('USD')
    await press()
    expect(rest.callsTo('PATCH', '')[0]?.body).not.toHaveProperty('currency')
    fireEvent.change(currencyField(), { target: { value: 'BRL' } })
    await press()
    expect(rest.callsTo('PATCH', '')[1]?.body).toMatchObject({ currency: 'BRL' })
  })

  it("shows the account's chosen currency and the API's refusal under the field", async () => {
    const rest = server({ currency: 'JPY' }, true)
    await renderSettingsPage(AccountSettingsPage, rest.api, 'account')
    expect(currencyField().value).toBe('JPY')
    fireEvent.change(currencyField(), { target: { value: 'EUR' } })
    await press()
    const described = currencyField().getAttribute('aria-describedby') ?? ''
    const notes = described
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    expect(notes).toContain('Currency')
  })
})
