// Plain text for mail that has only HTML. Two well-kept parsers do the work, no tag-stripping
// regex of ours: workerd's HTMLRewriter (a real HTML tokenizer) drops what a reader never sees,
// then postal-mime renders the rest as text, decoding every HTML entity after tags are gone (so
// `&lt;b&gt;` stays the text `<b>`).
import PostalMime from 'postal-mime'

// Elements whose content is never text a person reads.
const UNSEEN = 'head, title, script, style, noscript, template, svg, object, iframe'

async function withoutUnseen(html: string): Promise<string> {
  const rewriter = new HTMLRewriter().on(UNSEEN, {
    element(element) {
      element.remove()
    },
  })
  const page = new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  return rewriter.transform(page).text()
}

function base64Lines(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return (btoa(binary).match(/.{1,76}/g) ?? []).join('\r\n')
}

/**
 * postal-mime renders an HTML part as text when another part of the message is plain text
 * ("a node without a part of this type is rendered from the other type"), so the HTML goes in a
 * message beside an empty text part.
 */
export async function htmlToText(html: string): Promise<string> {
  const visible = await withoutUnseen(html)
  const boundary = 'parley-html-to-text'
  const message = [
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    '',
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(visible),
    `--${boundary}--`,
    '',
  ].join('\r\n')
  const rendered = await PostalMime.parse(message)
  return (rendered.text ?? '').replace(/\u00a0/g, ' ').trim()
}
