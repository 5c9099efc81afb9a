import { MESSAGE_TYPE } from '../db/queries/messages'

/**
 * The agent demo page's script, served as /demo/agent.js (an external file, so the page needs no
 * 'unsafe-inline'). It uses only the public REST API and the account's live socket.
 */
export const AGENT_SCRIPT = `
const params = new URLSearchParams(location.hash.slice(1))
const account = params.get('account'), inbox = params.get('inbox'), token = params.get('token')
const $ = (id) => document.getElementById(id)
let current = null
const api = (path, init = {}) => fetch('/api/v1/accounts/' + account + path, {
  ...init, headers: { api_access_token: token, 'content-type': 'application/json', ...(init.headers || {}) },
}).then((r) => r.json())
function el(tag, text, attrs = {}) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  return node
}
async function loadList() {
  const res = await api('/conversations?status=all&inbox_id=' + inbox)
  const list = $('conversations')
  list.replaceChildren()
  for (const c of res.data.payload) {
    const item = el('li')
    const button = el('button', '#' + c.id + ' ' + (c.meta.sender.name || 'Visitor') + ' — ' + c.status, { type: 'button' })
    button.addEventListener('click', () => openConversation(c.id))
    item.append(button)
    list.append(item)
  }
}
async function openConversation(id) {
  current = id
  $('thread-title').textContent = 'Conversation #' + id
  $('reply').hidden = false
  const res = await api('/conversations/' + id + '/messages')
  const log = $('messages')
  log.replaceChildren()
  for (const m of res.payload) appendMessage(m)
}
function appendMessage(m) {
  if (m.message_type === ${MESSAGE_TYPE.activity}) return
  const who = m.message_type === ${MESSAGE_TYPE.incoming} ? 'Visitor' : m.private ? 'Note' : 'Agent'
  $('messages').append(el('li', who + ': ' + (m.content || ''), { 'data-id': String(m.id) }))
}
$('reply').addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = $('reply-text')
  if (!current || !input.value.trim()) return
  await api('/conversations/' + current + '/messages', {
    method: 'POST', body: JSON.stringify({ content: input.value, message_type: 'outgoing' }),
  })
  input.value = ''
})
function connect() {
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/api/v1/accounts/' + account + '/live')
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token })))
  ws.addEventListener('message', (event) => {
    const frame = JSON.parse(event.data)
    if (frame.event === 'message.created' && frame.data.conversation_id === current) {
      if (!document.querySelector('[data-id="' + frame.data.id + '"]')) appendMessage(frame.data)
    }
    if (['conversation.created', 'conversation.status_changed', 'message.created'].includes(frame.event)) loadList()
  })
  ws.addEventListener('close', () => setTimeout(connect, 1000 + Math.random() * 2000))
}
if (account && inbox && token) { loadList(); connect() }
else $('missing').hidden = false
`
