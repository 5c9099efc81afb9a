import { apiError, fieldError, validationError } from '../errors'

/** Largest multipart request (all files and fields together). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const MAX_ATTACHMENTS_PER_MESSAGE = 15

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
// SVG and HTML are refused: served from our origin they could run script.
const ATTACHMENT_TYPES = [
  ...IMAGE_TYPES,
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/json',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]

export type FileKind = 'avatar' | 'attachment'

export type StoredFile = {
  key: string
  contentType: string
  fileName: string
  size: number
  /** Chatwoot's attachment file_type. */
  fileType: 'image' | 'audio' | 'video' | 'file'
  extension: string | null
}

function fileTypeOf(contentType: string): StoredFile['fileType'] {
  if (contentType.startsWith('image/')) return 'image'
  if (contentType.startsWith('audio/')) return 'audio'
  if (contentType.startsWith('video/')) return 'video'
  return 'file'
}

const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(-120) || 'file'

/**
 * Validates an uploaded file and stores it in R2 under an unguessable key.
 * `field` names the form field in errors (`avatar`, `attachments[]`).
 */
export async function storeUpload(
  env: Env,
  accountId: number,
  kind: FileKind,
  file: File,
  field: string,
): Promise<StoredFile> {
  const contentType = (file.type || 'application/octet-stream').split(';')[0]!.toLowerCase()
  const allowed = kind === 'avatar' ? IMAGE_TYPES : ATTACHMENT_TYPES
  if (!allowed.includes(contentType)) {
    throw validationError([
      fieldError(field, `type ${contentType} is not allowed`, 'unsupported_type'),
    ])
  }
  const limit = kind === 'avatar' ? MAX_AVATAR_BYTES : MAX_ATTACHMENT_BYTES
  if (file.size > limit) {
    throw apiError('payload_too_large', `${field} is larger than ${limit / 1024 / 1024} MB`)
  }
  if (file.size === 0) throw validationError([fieldError(field, 'is empty', 'empty')])
  const fileName = safeName(file.name || 'file')
  const key = `${kind}/${crypto.randomUUID()}/${fileName}`
  await env.FILES.put(key, await file.arrayBuffer(), {
    httpMetadata: { contentType },
    customMetadata: { accountId: String(accountId) },
  })
  const dot = fileName.lastIndexOf('.')
  return {
    key,
    contentType,
    fileName,
    size: file.size,
    fileType: fileTypeOf(contentType),
    extension: dot > 0 ? fileName.slice(dot + 1).toLowerCase() : null,
  }
}

/** The stable public URL of a stored file: its key is the capability. */
export function fileUrl(requestUrl: string, key: string) {
  return `${new URL(requestUrl).origin}/files/${key}`
}

export async function deleteStored(env: Env, keys: string[]) {
  if (keys.length > 0) await env.FILES.delete(keys)
}
