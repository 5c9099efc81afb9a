import DOMPurify from 'dompurify'

/**
 * The frame's own policy. Nothing runs and nothing is fetched: inline styles (mail is styled
 * inline) and images carried in the mail itself. Remote images are a tracking pixel's way of
 * telling the sender the mail was read, so they load only when the agent asks.
 */
export const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: cid:"
export const FRAME_CSP_REMOTE_IMAGES =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:"

/**
 * The mail's HTML without anything that runs or reaches out on its own: scripts, event handlers,
 * frames, forms, `<meta>`/`<base>`/`<link>` and javascript: URLs go (DOMPurify's defaults), and
 * so do forms. The frame's sandbox and CSP stop anything that slips through; this keeps it out
 * of the DOM in the first place.
 */
export function sanitizeEmailHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['action', 'formaction', 'ping'],
  })
  // Fails closed: a DOM the sanitiser cannot work in (some non-browser DOMs let a <script>
  // through untouched) shows no HTML rather than unsanitised HTML.
  return stillActive(clean) ? '' : clean
}

const ACTIVE_TAGS = 'script, iframe, frame, object, embed, base, meta, link, form'

/** Whether HTML still holds anything that runs or reaches out: checked in an inert document. */
function stillActive(html: string): boolean {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  if (doc.querySelector(ACTIVE_TAGS)) return true
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) return true
    }
  }
  return false
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Where a mail's own images are: the files the intake stored for its `cid:` parts. */
export type InlineImages = { images: Record<string, string>; origin: string }

/**
 * The mail's `cid:` images pointed at the files the intake stored for them (absolute: the frame's
 * document has an opaque origin); other `cid:` references stay as they are and show nothing.
 */
function withInlineImages(html: string, inline: InlineImages | undefined) {
  if (!inline) return { html, used: false }
  let used = false
  const replaced = html.replace(
    /(\bsrc\s*=\s*)(["']?)cid:([^"'\s>]+)\2/gi,
    (whole, attribute: string, quote: string, id: string) => {
      const path = inline.images[id] ?? inline.images[decodeURIComponent(id)]
      if (!path) return whole
      used = true
      return `${attribute}${quote || '"'}${inline.origin}${path}${quote || '"'}`
    },
  )
  return { html: replaced, used }
}

/**
 * The `srcdoc` of the frame that shows a mail's HTML: the sanitised body under a CSP meta that
 * blocks every remote load (the mail's own inline images, served by this origin, excepted), or
 * lets https images through once the agent asked for them.
 */
export function emailSrcdoc(html: string, remoteImages = false, inline?: InlineImages): string {
  const own = withInlineImages(html, inline)
  const base = remoteImages ? FRAME_CSP_REMOTE_IMAGES : FRAME_CSP
  const policy = own.used && inline ? `${base} ${inline.origin}` : base
  html = own.html
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`,
    '<meta name="referrer" content="no-referrer">',
    `</head><body>${sanitizeEmailHtml(html)}</body></html>`,
  ].join('')
}

/** Whether the mail's HTML asks for any remote image (so the button to load them is offered). */
export function hasRemoteImages(html: string): boolean {
  return /<img\b[^>]*\bsrc\s*=\s*["']?\s*https?:/i.test(html) || /url\(\s*["']?https?:/i.test(html)
}
