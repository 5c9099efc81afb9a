import { useAccount } from '../app/context'
import { LazyView } from '../app/LazyView'
import { SETTINGS_SECTIONS, type SettingsSection, settingsPath } from '../app/router'
import { useStrings } from '../i18n/context'
import { SETTINGS_PAGES, type SettingsPageProps } from '../workspace/pages'
import { AppLink } from '../workspace/ui/AppLink'
import '../styles/workspace.css'

/** The section a page is listed under in the settings navigation. */
const listedUnder = (section: SettingsSection) =>
  section === 'inbox' || section === 'inbox_new' ? 'inboxes' : section

/**
 * The settings area: its navigation beside the open page. Agents are told the area is for
 * administrators (the API answers them 403 anyway) rather than shown pages that would fail.
 */
export default function SettingsLayout({ route }: SettingsPageProps) {
  const t = useStrings().settings
  const { accountId, isAdministrator, strings } = useAccount()
  if (!isAdministrator) {
    return (
      <section class="workspace-page" aria-labelledby="settings-closed">
        <h1 id="settings-closed">{t.administratorsOnlyTitle}</h1>
        <p>{t.administratorsOnly}</p>
      </section>
    )
  }
  const current = listedUnder(route.section)
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label={t.settingsNavigation}>
        <ul>
          {SETTINGS_SECTIONS.map((section) => {
            const href = settingsPath(accountId, section)
            return (
              <li key={section}>
                <AppLink href={href} current={section === current ? 'page' : undefined}>
                  {t[section]}
                </AppLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <div class="settings-page">
        <LazyView
          viewKey={`${route.section}:${route.id ?? ''}`}
          load={SETTINGS_PAGES[route.section]}
          props={{ route }}
          strings={strings}
        />
      </div>
    </div>
  )
}
