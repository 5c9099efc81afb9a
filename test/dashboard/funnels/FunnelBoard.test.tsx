import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import {
  boardServer,
  card,
  FUNNEL,
  renderFunnels,
  requiredItemsRefusal,
  settle,
  stage,
} from './harness'

const ana = card(1, { contact: { id: 101, name: 'Ana' }, products_total: '1234.5' })
const ben = card(2, { contact: { id: 102, name: 'Ben' }, assignee_id: 6, products_total: '0.10' })
const carl = card(3, { contact: { id: 103, name: 'Carl' }, assignee_id: null })

const pipeline = () => [
  stage(10, 'Lead', [ana, ben], { products_total: '1234.60' }),
  stage(11, 'Qualified', [carl], { products_total: '0.00' }),
  stage(12, 'Won', [], { count: 0 }),
]

const column = (name: string) => screen.getByRole('region', { name }) as HTMLElement
const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement

/** Opens a card's "Move to…" menu by keyboard and chooses the stage `downs` arrows below the first. */
function moveByKeyboard(contact: string, downs: number) {
  const button = within(cardOf(contact)).getByRole('button', { name: 'Move to…' })
  button.focus()
  fireEvent.click(button)
  const menu = screen.getByRole('menu', { name: `Move "${contact}" to` })
  for (let i = 0; i < downs; i++)
    fireEvent.keyDown(document.activeElement ?? menu, { key: 'ArrowDown' })
  fireEvent.keyDown(document.activeElement ?? menu, { key: 'Enter' })
}

/** happy-dom's fireEvent drag events do not reach the handlers: plain events do. */
const drag = (target: HTMLElement, type: 'dragstart' | 'dragover' | 'drop') =>
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }))

describe('Funnel board', () => {
  it('draws each stage with its count, exact products total and cards', async () => {
    await renderFunnels(boardServer({ stages: pipeline() }).api)
    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeTruthy()
    const lead = column('Lead')
    expect(within(lead).getByText('2 conversations')).toBeTruthy()
    expect(within(lead).getByText('$1,234.60')).toBeTruthy()
    expect(within(column('Qualified')).getByText('1 conversation')).toBeTruthy()
    expect(within(column('Won')).getByText('No conversations')).toBeTruthy()
    const anaCard = cardOf('Ana')
    expect(within(anaCard).getByText('Ada')).toBeTruthy()
    expect(within(anaCard).getByText('3 h')).toBeTruthy()
    expect(within(anaCard).getByText('$1,234.50')).toBeTruthy()
    expect(within(cardOf('Ben')).getByText('Bo')).toBeTruthy()
    expect(within(cardOf('Carl')).getByText('Unassigned')).toBeTruthy()
  })

  it('opens the conversation from its card', async () => {
    const { services } = await renderFunnels(boardServer({ stages: pipeline() }).api)
    fireEvent.click(screen.getByRole('link', { name: 'Ana' }))
    expect(services.navigate).toHaveBeenCalledWith('/app/accounts/1/conversations/1')
  })

  it('moves a card by keyboard with Move to…, and keeps focus on it in its new column', async () => {
    const server = boardServer({ stages: pipeline() })
    await renderFunnels(server.api)
    moveByKeyboard('Ana', 0)
    await settle()
    expect(server.moves()[0]?.body).toEqual({ funnel_id: FUNNEL, stage_id: 11 })
    expect(within(column('Qualified')).getByText('Ana')).toBeTruthy()
    expect(within(column('Lead')).queryByText('Ana')).toBeNull()
    expect(within(column('Lead')).getByText('1 conversation')).toBeTruthy()
    const button = within(cardOf('Ana')).getByRole('button', { name: 'Move to…' })
    expect(document.activeElement).toBe(button)
  })

  it('moves the card at once, before the API answers', async () => {
    let release: (value: Response) => void = () => {}
    const held = new Promise<Response>((resolve) => {
      release = resolve
    })
    const server = boardServer({ stages: pipeline() })
    const api = server.api
    await renderFunnels(api)
    const original = api.POST.bind(api) as (...args: unknown[]) => Promise<unknown>
    // The move's answer waits until the test has looked at the board.
    api.POST = ((...args: unknown[]) =>
      held.then(() => original(...args))) as unknown as typeof api.POST
    moveByKeyboard('Ben', 1)
    await settle(2)
    expect(within(column('Won')).getByText('Ben')).toBeTruthy()
    expect(within(column('Won')).getByText('1 conversation')).toBeTruthy()
    // The card's total and, carried with it, the column's.
    expect(within(column('Won')).getAllByText('$0.10')).toHaveLength(2)
    release(new Response())
    await settle()
    expect(within(column('Won')).getByText('Ben')).toBeTruthy()
  })

  it('puts a refused card back and names every required item the API listed', async () => {
    const server = boardServer({
      stages: pipeline(),
      refuse: () => requiredItemsRefusal('Budget known', 'Decision maker met'),
    })
    await renderFunnels(server.api)
    moveByKeyboard('Ana', 1)
    await settle()
    expect(server.moves()[0]?.body).toEqual({ funnel_id: FUNNEL, stage_id: 12 })
    expect(screen.getByRole('alert').textContent).toBe(
      'Can\'t move "Ana" to Won: these checklist items are required: Budget known, Decision maker met',
    )
    expect(within(column('Lead')).getByText('Ana')).toBeTruthy()
    expect(within(column('Won')).queryByText('Ana')).toBeNull()
    expect(within(column('Lead')).getByText('$1,234.60')).toBeTruthy()
    const button = within(cardOf('Ana')).getByRole('button', { name: 'Move to…' })
    expect(document.activeElement).toBe(button)
  })

  it('shows any other refusal in the envelope’s words', async () => {
    const server = boardServer({
      stages: pipeline(),
      refuse: () =>
        Response.json({ error: 'not_found', message: 'Stage 11 not found' }, { status: 404 }),
    })
    await renderFunnels(server.api)
    moveByKeyboard('Ben', 0)
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'Can\'t move "Ben" to Qualified: Stage 11 not found',
    )
    expect(within(column('Lead')).getByText('Ben')).toBeTruthy()
  })

  it('closes the menu with Escape and gives focus back to Move to…', async () => {
    await renderFunnels(boardServer({ stages: pipeline() }).api)
    const button = within(cardOf('Carl')).getByRole('button', { name: 'Move to…' })
    fireEvent.click(button)
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Lead', 'Won'])
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items[1])
    fireEvent.keyDown(items[1] as HTMLElement, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('moves a card dropped on another column', async () => {
    const server = boardServer({ stages: pipeline() })
    await renderFunnels(server.api)
    drag(cardOf('Carl'), 'dragstart')
    await settle(1)
    expect(cardOf('Carl').classList.contains('is-dragging')).toBe(true)
    drag(column('Won'), 'dragover')
    await settle(1)
    expect(column('Won').classList.contains('is-drop-target')).toBe(true)
    drag(column('Won'), 'drop')
    await settle()
    expect(server.moves()[0]?.body).toEqual({ funnel_id: FUNNEL, stage_id: 12 })
    expect(within(column('Won')).getByText('Carl')).toBeTruthy()
    expect(column('Won').classList.contains('is-drop-target')).toBe(false)
  })

  it('refetches the board when a conversation changes on the feed, and after a resync', async () => {
    const server = boardServer({ stages: pipeline() })
    const { feed } = await renderFunnels(server.api)
    const before = server.boardRequests().length
    server.setStages([stage(10, 'Lead', [ben]), stage(11, 'Qualified', [carl, ana])])
    feed.push({ event: 'conversation.updated', data: { id: 1 } })
    await settle()
    expect(server.boardRequests().length).toBe(before + 1)
    expect(within(column('Qualified')).getByText('Ana')).toBeTruthy()
    feed.push({ event: 'message.created', data: { id: 9 } })
    await settle()
    expect(server.boardRequests().length).toBe(before + 1)
    feed.resync()
    await settle()
    expect(server.boardRequests().length).toBe(before + 2)
  })

  it('keeps focus on a card that someone else moved to another column', async () => {
    const server = boardServer({ stages: pipeline() })
    const { feed } = await renderFunnels(server.api)
    within(cardOf('Ana')).getByRole('button', { name: 'Move to…' }).focus()
    server.setStages([stage(10, 'Lead', [ben]), stage(11, 'Qualified', [ana, carl])])
    feed.push({ event: 'conversation.updated', data: { id: 1 } })
    await settle()
    const button = within(cardOf('Ana')).getByRole('button', { name: 'Move to…' })
    expect(within(column('Qualified')).getByText('Ana')).toBeTruthy()
    expect(document.activeElement).toBe(button)
  })

  it('coalesces a burst of frames into one request in flight and one queued', async () => {
    const server = boardServer({ stages: pipeline() })
    const { feed } = await renderFunnels(server.api)
    const before = server.boardRequests().length
    for (let i = 0; i < 5; i++) feed.push({ event: 'conversation.created', data: { id: 20 + i } })
    await settle()
    expect(server.boardRequests().length).toBe(before + 2)
  })

  it('asks for the board narrowed by assignee, inbox and label', async () => {
    const server = boardServer({ stages: pipeline() })
    await renderFunnels(server.api)
    fireEvent.change(screen.getByLabelText('Assignee'), { target: { value: '6' } })
    await settle()
    fireEvent.change(screen.getByLabelText('Inbox'), { target: { value: '1' } })
    await settle()
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'vip' } })
    await settle()
    const last = server.boardRequests().at(-1)
    expect(last?.query.get('assignee_id')).toBe('6')
    expect(last?.query.get('inbox_id')).toBe('1')
    expect(last?.query.getAll('labels[]')).toEqual(['vip'])
  })

  it('loads more of a stage from its next cursor', async () => {
    const server = boardServer({
      stages: [stage(10, 'Lead', [ana], { count: 2, next_cursor: '1763000000.1' })],
    })
    const extra = stage(10, 'Lead', [ben], { count: 2 })
    const api = server.api
    const original = api.GET.bind(api)
    api.GET = ((path: string, init: unknown) =>
      path.endsWith('/conversations')
        ? Promise.resolve({ data: extra, response: new Response() })
        : original(path as never, init as never)) as typeof api.GET
    await renderFunnels(api)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await settle()
    expect(within(column('Lead')).getByText('Ben')).toBeTruthy()
    expect(within(column('Lead')).getByText('Ana')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('opens the funnel editor for administrators only', async () => {
    await renderFunnels(boardServer({ stages: pipeline() }).api, FUNNEL, { isAdministrator: false })
    expect(screen.queryByRole('button', { name: 'Edit funnel' })).toBeNull()
  })

  it('says so when the funnel has no stages', async () => {
    await renderFunnels(boardServer({ stages: [] }).api)
    expect(screen.getByText('This funnel has no stages yet.')).toBeTruthy()
  })

  it('shows why the board could not load', async () => {
    await renderFunnels(boardServer({ stages: [] }).api, 99)
    expect(screen.getByRole('alert').textContent).toBe('Not found')
  })
})
