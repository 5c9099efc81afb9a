import { useId } from 'preact/hooks'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'

/** Verifying a request by hand in Node, with nothing but node:crypto. */
const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto'

// secret: the whsec_… value above; body: the raw request body, as a string
function verify(secret, headers, body) {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key)
    .update(\`\${id}.\${timestamp}.\${body}\`)
    .digest('base64')
  return headers['webhook-signature'].split(' ').some((part) => {
    const [version, signature] = part.split(',')
    return version === 'v1' && signature.length === expected.length &&
      timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  })
}`

/** One line on how receivers check the signature, and a short Node example. */
export function SignatureHelp() {
  const t = useStrings().webhooks
  const id = useId()
  return (
    <section class="webhook-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t.verifyHeading}</h3>
      <p>{t.verifyHelp}</p>
      <CodeBlock label={t.verifyExample} code={NODE_EXAMPLE} />
    </section>
  )
}
