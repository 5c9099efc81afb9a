import { en as widgetEn } from '../../../../protocol/i18n/widget.en'
import { readableOn } from '../../../../protocol/shared/color'
import { format } from '../../i18n'
import { useStrings } from '../../i18n/context'
import { closedState } from './preview-hours'
import { HEX_COLOR, type WidgetDraft } from './widget-draft'

export interface WidgetPreviewProps {
  draft: WidgetDraft
  /** The instant previewed (Unix seconds): now, unless a test fixes it. */
  now?: number
}

/**
 * A static rendition of the widget as it will look with the unsaved settings: the open panel's
 * header (greeting, reply time) in the inbox colour, the pre-chat form or the composer, and the
 * launcher. With the inbox's automations on, the conversation as a visitor starts it: the greeting
 * first, out of hours the "back at" line and the out-of-office message, and the email prompt.
 * Texts and the on-colour rule are the widget's own (its English strings and
 * readableOn), so the header stays as legible as the real one.
 */
export function WidgetPreview({ draft, now = Math.floor(Date.now() / 1000) }: WidgetPreviewProps) {
  const t = useStrings().inboxes
  const closed = closedState(draft, now)
  const greeting = draft.greeting_enabled ? draft.greeting_message.trim() : ''
  const away = closed ? draft.out_of_office_message.trim() : ''
  const availability = !closed
    ? widgetEn.replyTime[draft.reply_time]
    : closed.backAt
      ? format(t.previewBackAt, {
          day: t.days[closed.backAt.dayOfWeek] ?? '',
          time: closed.backAt.time,
        })
      : t.previewAway
  const color = HEX_COLOR.test(draft.widget_color) ? draft.widget_color : '#1f93ff'
  const theme = { '--preview-color': color, '--preview-on-color': readableOn(color) }
  const fields = draft.pre_chat_form_enabled
    ? draft.pre_chat_fields.filter((f) => f.enabled !== false)
    : []
  return (
    <section class="widget-preview" aria-labelledby="widget-preview-heading">
      <h3 id="widget-preview-heading" class="preview-heading">
        {t.previewHeading}
      </h3>
      <p class="form-hint">{t.previewIntro}</p>
      <div class="preview-stage" style={theme} data-testid="widget-preview">
        <div class="preview-panel">
          <div class="preview-header">
            <p class="preview-title">{draft.welcome_title || widgetEn.welcome.title}</p>
            <p class="preview-tagline">{draft.welcome_tagline || widgetEn.welcome.tagline}</p>
            <p class="preview-reply-time">{availability}</p>
          </div>
          <div class="preview-body">
            {draft.pre_chat_form_enabled ? (
              <div class="preview-prechat">
                <p>{draft.pre_chat_message || widgetEn.prechat.intro}</p>
                {fields.map((field) => (
                  <div class="preview-field" key={field.name}>
                    <span>
                      {field.label ?? field.name}
                      {field.required && ` (${widgetEn.prechat.required})`}
                    </span>
                    <span class="preview-input" />
                  </div>
                ))}
                <span class="preview-button">{widgetEn.prechat.submit}</span>
              </div>
            ) : (
              <>
                {greeting || away || draft.enable_email_collect ? (
                  <ol class="preview-messages">
                    {greeting && <li class="preview-bubble">{greeting}</li>}
                    {away && <li class="preview-bubble">{away}</li>}
                    {draft.enable_email_collect && (
                      <li class="preview-bubble">
                        {t.previewEmailPrompt}
                        <span class="preview-input">{widgetEn.rich.emailLabel}</span>
                      </li>
                    )}
                  </ol>
                ) : (
                  <p class="preview-empty">{widgetEn.messages.empty}</p>
                )}
                <span class="preview-composer">{t.previewMessage}</span>
              </>
            )}
          </div>
        </div>
        <span class="preview-launcher" role="img" aria-label={t.previewLauncher}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"
            />
          </svg>
        </span>
      </div>
    </section>
  )
}
