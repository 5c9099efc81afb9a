import { useId } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { CodeBlock } from '../../workspace/ui/CodeBlock'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useSubmission } from '../shared/useSubmission'
import { Checkbox } from './Checkbox'
import { hmacExamples } from './snippets'

export interface IdentityVerificationProps {
  inbox: Inbox
  onSaved(inbox: Inbox): void
}

/**
 * The inbox's HMAC secret, how a server computes identifier_hash with it (Chatwoot's identity
 * validation) and the switch that makes the hash mandatory, saved as soon as it is flipped.
 */
export function IdentityVerification({ inbox, onSaved }: IdentityVerificationProps) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const hintId = useId()
  const submission = useSubmission<'saved'>()
  const token = inbox.hmac_token
  const examples = hmacExamples(token ?? 'YOUR_HMAC_TOKEN')

  const enforce = (hmac_mandatory: boolean) =>
    submission.run(async () => {
      onSaved(
        await unwrap(
          api.PATCH('/api/v1/accounts/{account_id}/inboxes/{id}', {
            params: { path: { account_id: accountId, id: inbox.id } },
            body: { channel: { hmac_mandatory } },
          }),
        ),
      )
    }, 'saved')

  return (
    <section class="inbox-section" aria-labelledby="identity-heading">
      <h2 id="identity-heading">{t.identityHeading}</h2>
      <p>{t.identityIntro}</p>
      {token ? <CodeBlock label={t.hmacToken} code={token} /> : <p>{t.hmacMissing}</p>}
      <Checkbox
        label={t.enforce}
        checked={inbox.hmac_mandatory}
        disabled={submission.busy.value}
        describedBy={hintId}
        onChange={(checked) => void enforce(checked)}
      />
      <p class="form-hint" id={hintId}>
        {t.enforceHint}
      </p>
      <FormStatus
        error={submission.error.value}
        success={submission.done.value && t.identitySaved}
      />
      <CodeBlock label={t.nodeExample} code={examples.node} />
      <CodeBlock label={t.rubyExample} code={examples.ruby} />
      <CodeBlock label={t.phpExample} code={examples.php} />
      <CodeBlock label={t.setUserExample} code={examples.page} />
    </section>
  )
}
