import { safeUrl } from '../../../protocol/shared/safe-url'
import type { Attachment } from '../client/types'
import { format } from '../i18n'
import { useWidget } from './context'
import { Icon } from './Icon'

function fileName(attachment: Attachment, fallback: string): string {
  if (attachment.file_name) return attachment.file_name
  const last = attachment.data_url.split('?')[0]?.split('/').pop()
  return last ? decodeURIComponent(last) : fallback
}

export interface AttachmentsProps {
  attachments?: Attachment[]
  /** Files of a message still on its way: shown by name (no blob: previews, which CSP blocks). */
  files?: File[]
}

/** Images as previews linking to the full file; audio and video playable; the rest downloadable. */
export function Attachments({ attachments, files }: AttachmentsProps) {
  const t = useWidget().state.t.value
  if (!attachments?.length && !files?.length) return null
  return (
    <ul class="attachments">
      {attachments?.map((attachment) => {
        const href = safeUrl(attachment.data_url)
        const name = fileName(attachment, t.messages.file)
        if (!href) return null
        let body = (
          <a href={href} target="_blank" rel="noopener noreferrer" download={name} class="file">
            <Icon name="file" />
            <span>{format(t.messages.download, { name })}</span>
          </a>
        )
        if (attachment.file_type === 'image') {
          body = (
            <a href={href} target="_blank" rel="noopener noreferrer" class="image">
              <img
                src={safeUrl(attachment.thumb_url) ?? href}
                alt={format(t.messages.image, { name })}
                loading="lazy"
              />
            </a>
          )
        } else if (attachment.file_type === 'audio') {
          // biome-ignore lint/a11y/useMediaCaption: a file someone sent; no caption track exists
          body = <audio controls src={href} preload="none" aria-label={name} />
        } else if (attachment.file_type === 'video') {
          // biome-ignore lint/a11y/useMediaCaption: a file someone sent; no caption track exists
          body = <video controls src={href} preload="metadata" aria-label={name} />
        }
        return <li key={attachment.id}>{body}</li>
      })}
      {files?.map((file) => (
        <li key={`${file.name}:${file.size}:${file.lastModified}`} class="file pending">
          <Icon name="file" />
          <span>{file.name}</span>
        </li>
      ))}
    </ul>
  )
}
