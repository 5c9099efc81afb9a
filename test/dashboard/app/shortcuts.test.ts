import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCommandBus } from '../../../dashboard/src/app/commands'
import type { ConversationCommand } from '../../../dashboard/src/app/context'
import { installShortcuts } from '../../../dashboard/src/app/shortcuts'

let uninstall = () => {}
afterEach(() => uninstall())

function setup(enabled = true) {
  const commands = createCommandBus()
  const emitted: ConversationCommand[] = []
  for (const command of ['reply', 'note', 'resolve', 'assign', 'snooze', 'label'] as const) {
    commands.on(command, () => emitted.push(command))
  }
  const actions = {
    enabled: vi.fn(() => enabled),
    commands,
    move: vi.fn(),
    focusSearch: vi.fn(),
    openCheatSheet: vi.fn(),
    leaveField: vi.fn((field: HTMLElement) => field.blur()),
  }
  uninstall = installShortcuts(document, actions)
  return { actions, emitted }
}

function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('single-key shortcuts', () => {
  it('send r, n, e, a and s to the open conversation', () => {
    const { emitted } = setup()
    for (const key of ['r', 'n', 'e', 'a', 's']) press(key)
    expect(emitted).toEqual(['reply', 'note', 'resolve', 'assign', 'snooze'])
  })

  it('move through the list with j and k, focus search with / and open the sheet with ?', () => {
    const { actions } = setup()
    const j = press('j')
    press('k')
    press('/')
    press('?', document.body, { shiftKey: true })
    expect(actions.move.mock.calls).toEqual([[1], [-1]])
    expect(actions.focusSearch).toHaveBeenCalledOnce()
    expect(actions.openCheatSheet).toHaveBeenCalledOnce()
    expect(j.defaultPrevented).toBe(true)
  })

  it('are letters, not commands, in text fields', () => {
    const { emitted, actions } = setup()
    document.body.innerHTML =
      '<input id="i" type="text"><textarea id="t"></textarea><div id="c" contenteditable="true"><span id="s">x</span></div><input id="b" type="checkbox">'
    for (const id of ['i', 't', 'c', 's']) {
      const event = press('r', document.getElementById(id) as Element)
      expect(event.defaultPrevented).toBe(false)
    }
    press('/', document.getElementById('i') as Element)
    expect(emitted).toEqual([])
    expect(actions.focusSearch).not.toHaveBeenCalled()
    // A checkbox takes no text: the shortcut works there.
    press('e', document.getElementById('b') as Element)
    expect(emitted).toEqual(['resolve'])
  })

  it('ignore Alt, Ctrl and Meta combinations (Alt+letter types letters on Polish and German layouts)', () => {
    const { emitted, actions } = setup()
    const alt = press('e', document.body, { altKey: true })
    press('r', document.body, { ctrlKey: true })
    press('j', document.body, { metaKey: true })
    expect(emitted).toEqual([])
    expect(actions.move).not.toHaveBeenCalled()
    expect(alt.defaultPrevented).toBe(false)
  })

  it('do nothing when the agent turned them off', () => {
    const { emitted, actions } = setup(false)
    for (const key of ['r', 'j', '/', '?']) press(key)
    expect(emitted).toEqual([])
    expect(actions.move).not.toHaveBeenCalled()
    expect(actions.openCheatSheet).not.toHaveBeenCalled()
  })

  it('leave other keys alone', () => {
    const { emitted } = setup()
    const event = press('x')
    press('R', document.body, { shiftKey: true })
    expect(event.defaultPrevented).toBe(false)
    expect(emitted).toEqual([])
  })

  it('Escape leaves the reply box with its draft kept, so the next letter is a shortcut', () => {
    const { emitted, actions } = setup()
    document.body.innerHTML =
      '<div id="pane" tabindex="-1"><textarea id="reply"></textarea></div><input id="search" type="search">'
    const reply = document.getElementById('reply') as HTMLTextAreaElement
    reply.focus()
    reply.value = 'half a reply'
    const leaving = press('Escape', reply)
    expect(leaving.defaultPrevented).toBe(true)
    expect(document.activeElement).not.toBe(reply)
    expect(reply.value).toBe('half a reply')
    expect(actions.leaveField).toHaveBeenCalledWith(reply)
    press('e', document.activeElement ?? document.body)
    expect(emitted).toEqual(['resolve'])
  })

  it('Escape leaves a text field alone when something inside handled it first or in a dialog', () => {
    const { actions } = setup()
    document.body.innerHTML =
      '<textarea id="reply"></textarea><dialog open><textarea id="inner"></textarea></dialog>'
    const reply = document.getElementById('reply') as HTMLTextAreaElement
    reply.addEventListener('keydown', (event) => event.preventDefault(), { once: true })
    reply.focus()
    press('Escape', reply)
    expect(document.activeElement).toBe(reply)
    const inner = document.getElementById('inner') as HTMLTextAreaElement
    inner.focus()
    press('Escape', inner)
    expect(document.activeElement).toBe(inner)
    expect(actions.leaveField).not.toHaveBeenCalled()
  })

  it('stop when uninstalled', () => {
    const { emitted } = setup()
    uninstall()
    press('r')
    expect(emitted).toEqual([])
  })
})
