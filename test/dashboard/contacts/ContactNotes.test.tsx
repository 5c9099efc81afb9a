import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ACCOUNT, contact, renderPage, services, settle } from './harness'

const base = `/api/v1/accounts/${ACCOUNT}/contacts/42`

const note = (id: number, content: string, user?: { available_name: string }) => ({
  id,
  content,
  account_id: ACCOUNT,
  contact_id: 42,
  ...(user ? { user } : {}),
  created_at: 1_763_000_000 + id,
  updated_at: 1_763_000_000 + id,
})

/** A contact whose notes live in `stored`; POST adds one, DELETE removes one, 422 when blank. */
function notesServer(stored: ReturnType<typeof note>[]) {
  return services(async (url, request) => {
    if (url.pathname === base) return Response.json({ payload: contact(42, { name: 'Ana' }) })
    if (url.pathname === `${base}/labels`) return Response.json({ payload: [] })
    if (url.pathname === `${base}/conversations`) return Response.json({ payload: [] })
    if (url.pathname === `${base}/notes` && request.method === 'GET') return Response.json(stored)
    if (url.pathname === `${base}/notes` && request.method === 'POST') {
      const { content } = (await request.json()) as { content: string }
      if (!content.trim()) {
        return Response.json(
          {
            error: 'validation_failed',
            message: 'content is too short',
            errors: [{ field: 'content', message: 'Enter a note', code: 'too_small' }],
          },
          { status: 422 },
        )
      }
      const added = note(stored.length + 10, content, { available_name: 'Me' })
      stored.unshift(added)
      return Response.json(added)
    }
    const match = url.pathname.match(/\/notes\/(\d+)$/)
    if (match && request.method === 'DELETE') {
      stored.splice(
        stored.findIndex((n) => n.id === Number(match[1])),
        1,
      )
      return Response.json({})
    }
    return undefined
  })
}

const noteTexts = () =>
  [...document.querySelectorAll('.contact-note-text')].map((p) => p.textContent)

describe("a contact's notes", () => {
  it('lists the notes newest first with their authors, and adds one', async () => {
    const { services: s } = notesServer([
      note(2, 'Called back', { available_name: 'Bea' }),
      note(1, 'Prefers email'),
    ])
    await renderPage(s, 42)
    await settle()
    const section = screen.getByRole('region', { name: 'Notes' })
    expect(noteTexts()).toEqual(['Called back', 'Prefers email'])
    expect(section.textContent).toContain('By Bea, ')
    expect(section.textContent).toContain('By a former agent, ')

    fireEvent.input(within(section).getByRole('textbox', { name: 'New note' }), {
      target: { value: 'Wants a demo' },
    })
    fireEvent.click(within(section).getByRole('button', { name: 'Add note' }))
    await settle()
    expect(noteTexts()).toEqual(['Wants a demo', 'Called back', 'Prefers email'])
    expect((within(section).getByRole('textbox') as HTMLTextAreaElement).value).toBe('')
  })

  it('says when there are none, shows a refused note by its field, and deletes after asking', async () => {
    const { services: s } = notesServer([])
    await renderPage(s, 42)
    await settle()
    const section = screen.getByRole('region', { name: 'Notes' })
    expect(section.textContent).toContain('No notes yet.')
    fireEvent.click(within(section).getByRole('button', { name: 'Add note' }))
    await settle()
    expect(within(section).getByRole('textbox').getAttribute('aria-invalid')).toBe('true')
    expect(section.querySelector('.form-error')?.textContent).toBe('Enter a note')

    fireEvent.input(within(section).getByRole('textbox'), { target: { value: 'Temporary' } })
    fireEvent.click(within(section).getByRole('button', { name: 'Add note' }))
    await settle()
    fireEvent.click(within(section).getByRole('button', { name: 'Delete note' }))
    fireEvent.click(within(section).getByRole('button', { name: 'Delete' }))
    await settle()
    expect(noteTexts()).toEqual([])
    expect(section.textContent).toContain('No notes yet.')
  })
})
