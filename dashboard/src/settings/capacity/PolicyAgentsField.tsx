import type { Agent } from '../../api/schema'
import { useStrings } from '../../i18n/context'
import { CheckboxField } from '../shared/CheckboxField'
import type { FormKit } from '../shared/CrudPage'
import type { PolicyDraft } from './capacity-api'

export interface PolicyAgentsFieldProps {
  kit: FormKit<PolicyDraft>
  agents: Agent[]
}

/** A checkbox per agent of the account: ticked, the policy applies to them. */
export function PolicyAgentsField({ kit, agents }: PolicyAgentsFieldProps) {
  const t = useStrings().capacity
  const chosen = kit.draft.userIds
  const toggle = (id: number, on: boolean) =>
    kit.set({ userIds: on ? [...chosen, id] : chosen.filter((other) => other !== id) })
  return (
    <fieldset class="form-field">
      <legend>{t.agents}</legend>
      <p class="form-hint">{t.agentsHint}</p>
      {agents.map((agent) => (
        <CheckboxField
          key={agent.id}
          label={agent.name}
          checked={chosen.includes(agent.id)}
          onChange={(on) => toggle(agent.id, on)}
        />
      ))}
    </fieldset>
  )
}
