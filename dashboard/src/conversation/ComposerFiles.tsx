import type { Signal } from '@preact/signals'
import { useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { format } from '../i18n'

/** The files picked (or pasted) for the next message, and the button that picks more. */
export function ComposerFiles({ files }: { files: Signal<File[]> }) {
  const t = useAccount().strings.conversation
  const picker = useRef<HTMLInputElement>(null)
  return (
    <div class="cv-files">
      <input
        ref={picker}
        type="file"
        multiple
        class="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const picked = Array.from(event.currentTarget.files ?? [])
          files.value = [...files.value, ...picked]
          event.currentTarget.value = ''
        }}
      />
      <button type="button" onClick={() => picker.current?.click()}>
        {t.attach}
      </button>
      {files.value.length > 0 && (
        <ul class="cv-picked">
          {files.value.map((file) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`}>
              <span>{file.name}</span>
              <button
                type="button"
                class="cv-link-button"
                aria-label={format(t.removeFile, { name: file.name })}
                onClick={() => {
                  files.value = files.value.filter((f) => f !== file)
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
