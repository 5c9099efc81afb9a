import { render, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../../../dashboard/src/i18n'
import { ConversationRow } from '../../../dashboard/src/inbox/ConversationRow'
import { conversation } from '../conversation/fake-server'

afterEach(() => {
  document.body.innerHTML = ''
})

function row(labelColors?: ReadonlyMap<string, string>) {
  render(
    <ul>
      <ConversationRow
        conversation={conversation({ labels: ['billing', 'vip'] })}
        accountId={1}
        selected={false}
        nowMs={Date.now()}
        strings={en}
        navigate={() => {}}
        labelColors={labelColors}
      />
    </ul>,
  )
  return within(screen.getByRole('list', { name: 'Labels' })).getAllByRole('listitem')
}

describe("a list row's label chips", () => {
  it("take the account's label colours by title, with the text colour that reads on each", () => {
    const [billing, vip] = row(new Map([['billing', '#111827']]))
    expect(billing?.style.background).not.toBe('')
    expect(billing?.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/)
    expect(vip?.style.background).toBe('')
  })

  it('stay neutral while the colours are unknown', () => {
    for (const chip of row()) expect(chip.style.background).toBe('')
  })
})
