import type { ComponentChildren } from 'preact'

export interface ReportTableProps {
  /** The heading's id, which names the scrolling region. */
  id: string
  title: string
  /** h2 for a section of the page, h3 inside one (the CSAT section). */
  level: 'h2' | 'h3'
  tableClass?: string
  /** The table's thead and tbody. */
  children: ComponentChildren
  /** What follows the table inside its section (a pager). */
  after?: ComponentChildren
}

/**
 * A report table under its heading, in a box that scrolls sideways on a narrow screen. The box
 * is one focusable region named by the heading, so a keyboard can scroll it.
 */
export function ReportTable({ id, title, level, tableClass, children, after }: ReportTableProps) {
  const Heading = level
  return (
    <div class="report-section">
      <Heading id={id}>{title}</Heading>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region needs keyboard access */}
      <section class="report-table-scroll" aria-labelledby={id} tabIndex={0}>
        <table class={tableClass ? `table ${tableClass}` : 'table'}>
          <caption class="visually-hidden">{title}</caption>
          {children}
        </table>
      </section>
      {after}
    </div>
  )
}
