import type { InboundAttachment } from '../email/parse'
import { ApiError } from '../errors'
import {
  deleteStored,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type StoredFile,
  storeUpload,
} from '../lib/files'

export type StoredMailFiles = {
  stored: StoredFile[]
  inline: { contentId: string; key: string }[]
  skipped: { filename: string; reason: string }[]
}

/**
 * A mail's attachments and inline images in R2, under the rules of uploads (types, sizes, count):
 * one those rules refuse is left out and named in `skipped`, the rest of the mail is kept.
 */
export async function storeMailFiles(
  env: Env,
  accountId: number,
  attachments: InboundAttachment[],
): Promise<StoredMailFiles> {
  const files: StoredMailFiles = { stored: [], inline: [], skipped: [] }
  try {
    for (const [index, part] of attachments.entries()) {
      const filename = part.filename ?? `${part.disposition}-${index + 1}`
      if (files.stored.length >= MAX_ATTACHMENTS_PER_MESSAGE) {
        files.skipped.push({ filename, reason: `more than ${MAX_ATTACHMENTS_PER_MESSAGE} files` })
        continue
      }
      const file = new File([part.bytes], filename, { type: part.mimeType })
      let stored: StoredFile
      try {
        stored = await storeUpload(env, accountId, 'attachment', file, 'attachment')
      } catch (error) {
        // The upload rules answer with the API's errors; anything else (R2 down) is thrown.
        if (!(error instanceof ApiError)) throw error
        files.skipped.push({ filename, reason: error.message })
        continue
      }
      files.stored.push(stored)
      if (part.disposition === 'inline' && part.contentId) {
        files.inline.push({ contentId: part.contentId, key: stored.key })
      }
    }
  } catch (error) {
    await deleteStored(
      env,
      files.stored.map((f) => f.key),
    )
    throw error
  }
  return files
}
