import { useSignal } from '@preact/signals'
import { conversationPath } from '../app/router'
import { format } from '../i18n'
import { useStrings } from '../i18n/context'
import { type CsatAnswer, pageOf } from './csat'
import { dayLabel } from './periods'
import { ReportTable } from './ReportTable'

export const COMMENTS_PAGE_SIZE = 10

/** "2 Nov 2026, 14:05" in the reader's offset. */
function answerTime(time: number, offsetHours: number, months: string[]) {
  const clock = new Date((time + offsetHours * 3600) * 1000).toISOString().slice(11, 16)
  return `${dayLabel(time, offsetHours, months, true)}, ${clock}`
}

export interface CsatCommentsProps {
  accountId: number
  /** The answers with a comment, newest first; undefined before the first answer. */
  comments: CsatAnswer[] | undefined
  offsetHours: number
}

/** The range's comments, newest first, a page at a time, each linking to its conversation. */
export function CsatComments({ accountId, comments, offsetHours }: CsatCommentsProps) {
  const t = useStrings().reports
  const page = useSignal(1)
  const shown = pageOf(comments ?? [], page.value, COMMENTS_PAGE_SIZE)
  return (
    <ReportTable
      id="report-csat-comments"
      title={t.csatComments}
      level="h3"
      after={
        shown.pages > 1 && (
          <nav class="report-pager" aria-label={t.csatComments}>
            <button
              type="button"
              class="button"
              disabled={shown.page <= 1}
              onClick={() => {
                page.value = shown.page - 1
              }}
            >
              {t.csatPrevious}
            </button>
            <span>{format(t.csatPage, { page: shown.page, pages: shown.pages })}</span>
            <button
              type="button"
              class="button"
              disabled={shown.page >= shown.pages}
              onClick={() => {
                page.value = shown.page + 1
              }}
            >
              {t.csatNext}
            </button>
          </nav>
        )
      }
    >
      <thead>
        <tr>
          <th scope="col">{t.csatRating}</th>
          <th scope="col">{t.csatComment}</th>
          <th scope="col">{t.csatContact}</th>
          <th scope="col">{t.agent}</th>
          <th scope="col">{t.csatTime}</th>
          <th scope="col">{t.csatConversation}</th>
        </tr>
      </thead>
      <tbody>
        {comments?.length === 0 && (
          <tr>
            <td colSpan={6}>{t.csatNoComments}</td>
          </tr>
        )}
        {comments &&
          shown.items.map((answer) => (
            <tr key={answer.id}>
              <td>{format(t.csatRatingValue, { rating: String(answer.rating) })}</td>
              <td>{answer.feedback_message}</td>
              <td>{answer.contact?.name || answer.contact?.email || t.none}</td>
              <td>{answer.assigned_agent?.available_name ?? t.csatNoAgent}</td>
              <td>{answerTime(answer.created_at, offsetHours, t.months)}</td>
              <td>
                <a href={conversationPath(accountId, answer.conversation_id)}>
                  {format(t.csatOpenConversation, { id: answer.conversation_id })}
                </a>
              </td>
            </tr>
          ))}
      </tbody>
    </ReportTable>
  )
}
