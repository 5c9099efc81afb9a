import { useId } from 'preact/hooks'
import { unwrap } from '../../api/client'
import type { components, Inbox } from '../../api/schema'
import { useAccount } from '../../app/context'
import { useStrings } from '../../i18n/context'
import { FormStatus } from '../../workspace/ui/FormStatus'
import { useLoad } from '../../workspace/ui/useLoad'
import { useSubmission } from '../shared/useSubmission'

type AgentBot = components['schemas']['AgentBot']

/** The bots the inbox may use and the one it has ('' for none), as Chatwoot's API gives them. */
function useBots(inboxId: number) {
  const { api, accountId } = useAccount()
  return useLoad(async () => {
    const path = { account_id: accountId, id: inboxId }
    const [bots, current] = await Promise.all([
      unwrap(
        api.GET('/api/v1/accounts/{account_id}/agent_bots', {
          params: { path: { account_id: accountId } },
        }),
      ),
      unwrap(api.GET('/api/v1/accounts/{account_id}/inboxes/{id}/agent_bot', { params: { path } })),
    ])
    const bot = current.agent_bot as Partial<AgentBot>
    return { bots: bots as AgentBot[], selected: bot.id ? String(bot.id) : '' }
  }, [accountId, inboxId])
}

/**
 * Chatwoot's set_agent_bot: the bot that answers the inbox's conversations first (they start
 * pending and its URL receives their events until it hands over). Saved as soon as it is chosen.
 */
export function AgentBotSetting({ inbox }: { inbox: Inbox }) {
  const t = useStrings().inboxes
  const { api, accountId } = useAccount()
  const selectId = useId()
  const introId = useId()
  const loaded = useBots(inbox.id)
  const submission = useSubmission<'saved'>()
  const data = loaded.data.value
  const choose = (value: string) =>
    submission.run(async () => {
      await unwrap(
        api.POST('/api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot', {
          params: { path: { account_id: accountId, id: inbox.id } },
          body: { agent_bot: value === '' ? null : Number(value) },
        }),
      )
      if (loaded.data.value) loaded.data.value = { ...loaded.data.value, selected: value }
    }, 'saved')
  return (
    <section class="inbox-section" aria-labelledby="agent-bot-heading">
      <h2 id="agent-bot-heading">{t.botHeading}</h2>
      <p class="form-hint" id={introId}>
        {t.botIntro}
      </p>
      {data && data.bots.length === 0 && <p>{t.noBots}</p>}
      {data && data.bots.length > 0 && (
        <div class="form-field">
          <label for={selectId}>{t.botLabel}</label>
          <select
            id={selectId}
            value={data.selected}
            aria-describedby={introId}
            disabled={submission.busy.value}
            onChange={(event) => void choose((event.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{t.botNone}</option>
            {data.bots.map((bot) => (
              <option key={bot.id} value={String(bot.id)}>
                {bot.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormStatus
        error={submission.error.value ?? loaded.error.value}
        success={submission.done.value && t.botSaved}
      />
    </section>
  )
}
