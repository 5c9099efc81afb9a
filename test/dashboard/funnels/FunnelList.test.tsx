import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { recordingApi } from '../workspace-harness'
import { renderFunnels } from './harness'

const funnel = (id: number, name: string, stages: number) => ({
  id,
  account_id: 1,
  name,
  description: null,
  stages: Array.from({ length: stages }, (_, i) => ({ id: id * 10 + i })),
  created_at: 1,
  updated_at: 1,
})

function listServer(funnels: unknown[]) {
  return recordingApi((call) =>
    call.path === '/api/v1/accounts/1/funnels' ? Response.json({ payload: funnels }) : undefined,
  )
}

describe('Funnels list', () => {
  it('links each funnel to its board with its number of stages', async () => {
    const { services } = await renderFunnels(
      listServer([funnel(7, 'Sales', 3), funnel(8, 'Onboarding', 1)]).api,
      null,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Funnels' })).toBeTruthy()
    expect(screen.getByText('3 stages')).toBeTruthy()
    expect(screen.getByText('1 stage')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Onboarding' }))
    expect(services.navigate).toHaveBeenCalledWith('/app/accounts/1/funnels/8')
  })

  it('says there are none yet, and who can create one', async () => {
    await renderFunnels(listServer([]).api, null, { isAdministrator: false })
    expect(screen.getByText('No funnels yet.')).toBeTruthy()
    expect(screen.getByText('An administrator can create one.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'New funnel' })).toBeNull()
  })

  it('offers administrators a new funnel in the editor', async () => {
    await renderFunnels(listServer([]).api, null)
    const button = screen.getByRole('button', { name: 'New funnel' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    // The editor is its own chunk: wait for it to arrive.
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'New funnel' },
      { timeout: 10_000 },
    )
    expect(heading).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Close editor' }).getAttribute('aria-expanded')).toBe(
      'true',
    )
  })
})
