import { useId, useRef, useState } from 'preact/hooks'
import { format } from '../i18n'
import { useWidget } from './context'
import { Icon } from './Icon'
import { useTakeFocus } from './take-focus'

/** Text box, attachments and send. Enter sends, Shift+Enter starts a new line. */
export function Composer() {
  const widget = useWidget()
  const { state } = widget
  const t = state.t.value
  const id = useId()
  const [text, setText] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const input = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const uploads = state.settings.enableFileUpload !== false

  useTakeFocus(input)

  const submit = () => {
    if (!text.trim() && !files.length) return
    widget.send(text, files)
    setText('')
    setFiles([])
  }

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {files.length > 0 && (
        <ul class="picked">
          {files.map((file) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`}>
              <span>{file.name}</span>
              <button
                type="button"
                class="icon-button small"
                aria-label={format(t.composer.remove, { name: file.name })}
                onClick={() => setFiles((list) => list.filter((f) => f !== file))}
              >
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="composer-row">
        <label for={id} class="sr-only">
          {t.composer.label}
        </label>
        <textarea
          ref={input}
          id={id}
          data-autofocus
          rows={1}
          placeholder={t.composer.placeholder}
          value={text}
          onInput={(event) => {
            const value = event.currentTarget.value
            setText(value)
            widget.typing(value.length > 0)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
          onBlur={() => widget.typing(false)}
        />
        {uploads && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              onChange={(event) => {
                const picked = Array.from(event.currentTarget.files ?? [])
                setFiles((list) => [...list, ...picked])
                event.currentTarget.value = ''
                input.current?.focus()
              }}
            />
            <button
              type="button"
              class="icon-button"
              aria-label={t.composer.attach}
              title={t.composer.attach}
              onClick={() => picker.current?.click()}
            >
              <Icon name="attach" />
            </button>
          </>
        )}
        <button
          type="submit"
          class="icon-button send"
          aria-label={t.composer.send}
          title={t.composer.send}
        >
          <Icon name="send" />
        </button>
      </div>
    </form>
  )
}
