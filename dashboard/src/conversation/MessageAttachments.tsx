import { safeUrl } from '../../../protocol/shared/safe-url'
import type { components } from '../api/schema'
import { useAccount } from '../app/context'
import { format } from '../i18n'

type Attachment = components['schemas']['Attachment']

function fileName(attachment: Attachment, fallback: string): string {
  const last = attachment.data_url.split('?')[0]?.split('/').pop()
  try {
    return last ? decodeURIComponent(last) : fallback
  } catch {
    return last || fallback
  }
}

/** Images inline (with alt text, linking to the full file); any other file as a download link. */
export function MessageAttachments(props: { attachments?: Attachment[]; files?: File[] }) {
  const t = useAccount().strings.conversation
  const { attachments, files } = props
  if (!attachments?.length && !files?.length) return null
  return (
    <ul class="cv-attachments">
      {attachments?.map((attachment) => {
        const href = safeUrl(attachment.data_url)
        if (!href) return null
        const name = fileName(attachment, t.file)
        return (
          <li key={attachment.id}>
            {attachment.file_type === 'image' ? (
              <a href={href} target="_blank" rel="noopener noreferrer" class="cv-image">
                <img
                  src={safeUrl(attachment.thumb_url) ?? href}
                  alt={format(t.image, { name })}
                  loading="lazy"
                />
              </a>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer" download={name}>
                {format(t.download, { name })}
              </a>
            )}
          </li>
        )
      })}
      {/* Files still on their way: shown by name (blob: previews are not allowed by the CSP). */}
      {files?.map((file) => (
        <li key={`${file.name}:${file.size}`} class="cv-file-pending">
          {file.name}
        </li>
      ))}
    </ul>
  )
}
