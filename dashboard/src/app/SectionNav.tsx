import { useAccount } from './context'
import { contactsPath, funnelsPath, inboxPath, reportsPath, settingsPath } from './router'

/** Which of the account's main sections a route belongs to. */
export type Section = 'conversations' | 'contacts' | 'funnels' | 'reports' | 'settings'

/**
 * The header's links between the account's sections. Reports and settings are offered to
 * administrators only (Chatwoot's reports API is theirs alone); an agent who opens a settings link anyway is told why it is closed to them.
 */
export function SectionNav({
  current,
  open = false,
  onChoose,
}: {
  current: Section
  /** On a phone the sections fold behind the header's menu button: whether they are shown. */
  open?: boolean
  onChoose?(): void
}) {
  const { accountId, isAdministrator, strings, navigate } = useAccount()
  const t = strings.shell
  const links: { section: Section; href: string; label: string }[] = [
    { section: 'conversations', href: inboxPath(accountId), label: t.sectionConversations },
    { section: 'contacts', href: contactsPath(accountId), label: t.sectionContacts },
    { section: 'funnels', href: funnelsPath(accountId), label: t.sectionFunnels },
  ]
  if (isAdministrator) {
    links.push({ section: 'reports', href: reportsPath(accountId), label: t.sectionReports })
    const href = settingsPath(accountId, 'inboxes')
    links.push({ section: 'settings', href, label: t.sectionSettings })
  }
  return (
    <nav
      id="section-nav"
      class={`section-nav${open ? ' section-nav-open' : ''}`}
      aria-label={t.sectionsNavigation}
    >
      {links.map((link) => (
        <a
          key={link.section}
          href={link.href}
          aria-current={link.section === current ? 'page' : undefined}
          onClick={(event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
            event.preventDefault()
            onChoose?.()
            navigate(link.href)
          }}
        >
          {link.label}
        </a>
      ))}
    </nav>
  )
}
