import { useSignal } from '@preact/signals'
import { unwrap } from '../../api/client'
import type { Team } from '../../api/schema'
import { useAccount } from '../../app/context'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import type { SettingsPageProps } from '../../workspace/pages'
import { CheckboxField } from '../shared/CheckboxField'
import { CrudPage } from '../shared/CrudPage'
import { describedBody, descriptionColumn, NameAndDescription } from '../shared/NameAndDescription'
import { inAccount, itemOf } from '../shared/params'
import { submit } from '../shared/submit'
import { useCrud } from '../shared/useCrud'
import { TeamMembers } from './TeamMembers'

type TeamRow = Team & { members: number }

interface TeamDraft {
  name: string
  description: string
  allow_auto_assign: boolean
}

/** Settings › Teams: the account's teams, and which agents belong to each. */
export default function TeamsPage(_props: SettingsPageProps) {
  const { crud: crudText, teams: t } = useStrings()
  const { api, accountId } = useAccount()
  const managing = useSignal<Team | null>(null)
  const all = inAccount(accountId)
  const one = (id: number) => itemOf(accountId, id)
  const crud = useCrud<TeamRow, TeamDraft>({
    // The team list carries no member count: each team's members are read alongside.
    load: async () => {
      const teams = await unwrap(api.GET('/api/v1/accounts/{account_id}/teams', all))
      const members = await Promise.all(
        teams.map((team) =>
          unwrap(api.GET('/api/v1/accounts/{account_id}/teams/{id}/team_members', one(team.id))),
        ),
      )
      return teams.map((team, index) => ({ ...team, members: members[index]?.length ?? 0 }))
    },
    blank: () => ({ name: '', description: '', allow_auto_assign: true }),
    draftOf: (team) => ({
      name: team.name,
      description: team.description ?? '',
      allow_auto_assign: team.allow_auto_assign,
    }),
    create: (draft) =>
      submit(
        api.POST('/api/v1/accounts/{account_id}/teams', { ...all, body: describedBody(draft) }),
      ),
    update: (team, draft) =>
      submit(
        api.PATCH('/api/v1/accounts/{account_id}/teams/{id}', {
          ...one(team.id),
          body: describedBody(draft),
        }),
      ),
    remove: async (team) => {
      await unwrap(api.DELETE('/api/v1/accounts/{account_id}/teams/{id}', one(team.id)))
      if (managing.value?.id === team.id) managing.value = null
    },
  })
  return (
    <CrudPage
      text={t}
      crud={crud}
      nameOf={(team) => team.name}
      columns={[
        { header: t.name, cell: (team) => team.name },
        descriptionColumn<TeamRow>(t.description_),
        { header: t.members, cell: (team) => String(team.members) },
        {
          header: t.allowAutoAssign,
          cell: (team) => (team.allow_auto_assign ? crudText.yes : crudText.no),
        },
      ]}
      rowActions={(team) => (
        <button
          type="button"
          class="button"
          onClick={() => {
            managing.value = team
          }}
        >
          {format(t.manageMembers, { name: team.name })}
        </button>
      )}
      form={(kit) => (
        <>
          <NameAndDescription
            kit={kit}
            field="name"
            label={t.name}
            hint={t.nameHint}
            descriptionLabel={t.description_}
          />
          <CheckboxField
            label={t.allowAutoAssign}
            hint={t.allowAutoAssignHint}
            checked={kit.draft.allow_auto_assign}
            onChange={(allow_auto_assign) => kit.set({ allow_auto_assign })}
          />
        </>
      )}
    >
      {managing.value && (
        <TeamMembers
          key={managing.value.id}
          team={managing.value}
          onClose={() => {
            managing.value = null
          }}
          onSaved={() => void crud.list.reload()}
        />
      )}
    </CrudPage>
  )
}
