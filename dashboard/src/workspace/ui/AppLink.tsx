import type { ComponentChildren } from 'preact'
import { useAccount } from '../../app/context'

export interface AppLinkProps {
  href: string
  children: ComponentChildren
  class?: string
  /** aria-current: "page" in a navigation list, "true" for the row whose details are open. */
  current?: 'page' | 'true'
  /** What a plain click does instead of navigating to `href` (the page opens it in place). */
  onNavigate?(): void
}

/** A real link (opens in a new tab with a modifier) that otherwise navigates without a reload. */
export function AppLink({ href, children, class: className, current, onNavigate }: AppLinkProps) {
  const { navigate } = useAccount()
  return (
    <a
      href={href}
      class={className}
      aria-current={current}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        if (onNavigate) onNavigate()
        else navigate(href)
      }}
    >
      {children}
    </a>
  )
}
