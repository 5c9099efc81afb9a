import { screen } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { backAtLine } from '../../../widget/src/components/back-at'
import { Header } from '../../../widget/src/components/Header'
import { createTestWidget, renderWith, settle } from '../helpers'

const days = [0, 1, 2, 3, 4, 5, 6]
const closed = (day: number) => ({ day_of_week: day, closed_all_day: true, open_all_day: false })
const nineToFive = (day: number) => ({
  day_of_week: day,
  closed_all_day: false,
  open_all_day: false,
  open_hour: 9,
  open_minutes: 0,
  close_hour: 17,
  close_minutes: 0,
})
const weekdays = days.map((day) => (day === 0 || day === 6 ? closed(day) : nineToFive(day)))
const berlin = { working_hours_enabled: true, working_hours: weekdays, timezone: 'Europe/Berlin' }
const visitorZone = process.env.TZ

afterEach(() => {
  process.env.TZ = visitorZone
  vi.useRealTimers()
})

describe('backAtLine', () => {
  it('says the weekday on the visitor’s clock and the hour on the inbox’s, over the weekend', () => {
    process.env.TZ = 'UTC'
    // Friday 2026-01-16 19:00 in Berlin → Monday 9:00 Berlin.
    const friday = new Date('2026-01-16T18:00:00Z')
    expect(backAtLine('en', berlin, friday)).toBe("We're back Monday at 9:00")
    expect(backAtLine('es', berlin, friday)).toBe('Volvemos el lunes a las 9:00')
    expect(backAtLine('pt', berlin, friday)).toBe('Voltamos segunda-feira às 9:00')
    expect(backAtLine('ar', berlin, friday)).toMatch(/^نعود يوم .+ في 9:00$/)
  })

  it('says tomorrow after closing, and today before opening, on the visitor’s clock', () => {
    process.env.TZ = 'Europe/Berlin'
    expect(backAtLine('en', berlin, new Date('2026-01-13T20:00:00Z'))).toBe(
      "We're back tomorrow at 9:00",
    )
    expect(backAtLine('en', berlin, new Date('2026-01-14T05:00:00Z'))).toBe(
      "We're back today at 9:00",
    )
    // For a visitor in Auckland, Berlin's Wednesday 9:00 is Wednesday evening there, the same
    // day as Tuesday 23:00 Berlin time (Wednesday 11:00 in Auckland): today.
    process.env.TZ = 'Pacific/Auckland'
    expect(backAtLine('en', berlin, new Date('2026-01-13T22:00:00Z'))).toBe(
      "We're back today at 9:00",
    )
  })

  it('is null while open, with working hours off, or when no day is ever open', () => {
    const open = new Date('2026-01-14T10:00:00Z')
    expect(backAtLine('en', berlin, open)).toBeNull()
    const off = { ...berlin, working_hours_enabled: false }
    expect(backAtLine('en', off, new Date('2026-01-17T10:00:00Z'))).toBeNull()
    expect(backAtLine('en', { ...berlin, working_hours: days.map(closed) }, open)).toBeNull()
  })
})

describe('<Header> with working hours on', () => {
  it('shows when the team is back instead of the reply time while closed', async () => {
    process.env.TZ = 'UTC'
    // Saturday 2026-01-17 12:00 UTC: the Berlin team is closed until Monday 9:00.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-17T12:00:00Z'))
    const { widget } = createTestWidget()
    renderWith(widget, <Header />)
    await settle()
    expect(screen.getByText('Typically replies in a few minutes')).toBeTruthy()
    widget.state.inbox.value = { ...widget.state.inbox.value!, ...berlin }
    await settle()
    expect(screen.getByText("We're back Monday at 9:00")).toBeTruthy()
    expect(screen.queryByText('Typically replies in a few minutes')).toBeNull()
  })

  it('keeps the reply time while open', async () => {
    process.env.TZ = 'UTC'
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-14T10:00:00Z'))
    const { widget } = createTestWidget()
    await settle()
    widget.state.inbox.value = { ...widget.state.inbox.value!, ...berlin }
    renderWith(widget, <Header />)
    await settle()
    expect(screen.getByText('Typically replies in a few minutes')).toBeTruthy()
    expect(screen.queryByText(/We're back/)).toBeNull()
  })
})
