import { fireEvent, screen, waitFor } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT,
  contact,
  importJob,
  labelsAnswer,
  renderPage,
  services,
  settle,
  startImport,
} from './harness'

const base = `/api/v1/accounts/${ACCOUNT}/contacts`

describe('the list after an import', () => {
  it('reloads with the filters it shows when the import ends, even if they changed meanwhile', async () => {
    let imported = false
    const { services: s, requests } = services((url) => {
      if (url.pathname.endsWith('/labels')) return labelsAnswer('vip')
      if (url.pathname === `${base}/import`) {
        return Response.json(importJob({ status: 'pending' }), { status: 202 })
      }
      if (url.pathname === `${base}/imports/3`) {
        imported = true
        return Response.json(
          importJob({
            status: 'completed',
            total_records: 1,
            processed_records: 1,
            completed_at: '2026-11-24T04:00:01.000Z',
          }),
        )
      }
      if (url.pathname === base) {
        const vip = url.searchParams.getAll('labels[]').includes('vip')
        const payload = imported && vip ? [contact(1, { name: 'Newly Imported' })] : []
        return Response.json({ meta: { count: payload.length, current_page: 1 }, payload })
      }
      return undefined
    })
    await renderPage(s)
    startImport('one.csv')
    await settle()
    // While the import runs, the reader filters by a label.
    fireEvent.change(screen.getByRole('combobox', { name: 'Label' }), { target: { value: 'vip' } })
    await settle()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Newly Imported' })).toBeTruthy(), {
      timeout: 5000,
    })
    const lastList = requests.filter((r) => r.pathname === base).at(-1)
    expect(lastList?.searchParams.getAll('labels[]')).toEqual(['vip'])
  })
})
