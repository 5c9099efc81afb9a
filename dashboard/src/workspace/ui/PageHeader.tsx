import type { ComponentChildren } from 'preact'

export interface PageHeaderProps {
  title: string
  description?: string
  /** Buttons or links beside the title (e.g. "Add inbox"). */
  actions?: ComponentChildren
}

/** A page's h1 (focusable, so navigation can land on it), its description and its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header class="page-header">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        {description && <p class="page-description">{description}</p>}
      </div>
      {actions && <div class="page-actions">{actions}</div>}
    </header>
  )
}
