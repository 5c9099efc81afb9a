/**
 * An agent's reply as mail bodies. The reply is plain text: in the HTML every character is
 * escaped, so nothing the agent typed (a `<script>`, a tag, an entity) becomes markup; blank
 * lines make paragraphs, single line breaks `<br>`, and only http(s) links become clickable.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string)

// A link ends at whitespace or a character that cannot be in an unescaped URL; a trailing
// sentence mark is left out of it.
const LINK = /\bhttps?:\/\/[^\s<>"']+/gi
const TRAILING = /[.,;:!?)\]]+$/

function linkified(line: string) {
  let html = ''
  let last = 0
  for (const match of line.matchAll(LINK)) {
    const start = match.index ?? 0
    const url = match[0].replace(TRAILING, '')
    html += escapeHtml(line.slice(last, start))
    html += `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(url)}</a>`
    last = start + url.length
  }
  return html + escapeHtml(line.slice(last))
}

/** The reply's text body: the content as written, with Unix line ends. */
export const replyText = (content: string) => content.replace(/\r\n?/g, '\n')

/** The reply's HTML body: escaped paragraphs and line breaks, http(s) links clickable. */
export function replyHtml(content: string) {
  const paragraphs = replyText(content)
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(linkified).join('<br>\n')}</p>`)
  return `<!doctype html><html><body>\n${paragraphs.join('\n')}\n</body></html>`
}
