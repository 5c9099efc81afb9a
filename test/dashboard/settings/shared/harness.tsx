import { fireEvent, screen } from '@testing-library/preact'
import type { ComponentType } from 'preact'
import type { ApiClient } from '../../../../dashboard/src/api/client'
import type { Profile } from '../../../../dashboard/src/api/schema'
import type { SettingsPageProps } from '../../../../dashboard/src/workspace/pages'
import { accountServices, renderWith, settle } from '../../workspace-harness'
import { ACCOUNT } from './fake-rest'

export { settle } from '../../workspace-harness'

/** A settings page as an administrator of account 1 sees it, against the given API. */
export async function renderSettingsPage(
  Page: ComponentType<SettingsPageProps>,
  api: ApiClient,
  section: SettingsPageProps['route']['section'],
) {
  const services = accountServices(api, { me: { id: 1, name: 'Admin' } as Profile })
  return renderWith(
    services,
    <Page route={{ name: 'settings', accountId: ACCOUNT, section, id: null }} />,
  )
}

/** A form field by its label's start ("Short code", "Resolve conversations after"). */
export const field = (label: string) =>
  screen.getByLabelText(label, { exact: false }) as HTMLInputElement

/** Types into a field as a person would (one input event with the whole value). */
export const typeInto = (label: string, value: string) =>
  fireEvent.input(field(label), { target: { value } })

/** Clicks a button ("Save" by default) and lets the call it makes finish. */
export async function press(name = 'Save') {
  fireEvent.click(screen.getByRole('button', { name }))
  await settle()
}

/** Deletes a row's item: its Delete button, then the confirmation. */
export async function deleteItem(name: string) {
  fireEvent.click(screen.getByRole('button', { name: `Delete ${name}` }))
  await press('Delete')
}
