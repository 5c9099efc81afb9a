import { screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { moneyFormat } from '../../../dashboard/src/funnels/money'
import { boardServer, card, renderFunnels, settle, stage } from './harness'

describe('money on the board', () => {
  it('formats the exact decimal in the currency, USD when none is chosen', () => {
    expect(moneyFormat('EUR', 'en')('1234567.5')).toBe('€1,234,567.50')
    expect(moneyFormat(null, 'en')('0.10')).toBe('$0.10')
    expect(moneyFormat('JPY', 'en')('1500')).toBe('¥1,500')
    // Past a float's precision the digits stay as the API sent them.
    expect(moneyFormat('USD', 'en')('98765432109876.54')).toBe('$98,765,432,109,876.54')
    expect(moneyFormat('NOPE', 'en')('2')).toBe('$2.00')
    expect(moneyFormat('USD', 'en')('not a number')).toBe('not a number')
  })

  it("shows every stage total and card total in the account's currency", async () => {
    const ana = card(1, { contact: { id: 101, name: 'Ana' }, products_total: '1234.5' })
    const server = boardServer({
      stages: [stage(10, 'Lead', [ana], { products_total: '1234.50' }), stage(11, 'Won', [])],
      currency: 'EUR',
    })
    await renderFunnels(server.api)
    await settle(2)
    const lead = screen.getByRole('region', { name: 'Lead' })
    expect(within(lead).getAllByText('€1,234.50')).toHaveLength(2)
    const won = screen.getByRole('region', { name: 'Won' })
    expect(within(won).getByText('€0.00')).toBeTruthy()
  })
})
