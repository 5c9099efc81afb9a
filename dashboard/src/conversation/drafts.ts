export type ComposerMode = 'reply' | 'note'

/** Drafts live per account, conversation and mode, so switching conversations loses nothing. */
export function draftKey(accountId: number, displayId: number, mode: ComposerMode): string {
  return `parley:draft:${accountId}:${displayId}:${mode}`
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    // Storage blocked (privacy settings): drafts are simply not kept.
    return null
  }
}

export function loadDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? ''
  } catch {
    return ''
  }
}

export function saveDraft(key: string, text: string): void {
  try {
    if (text) storage()?.setItem(key, text)
    else storage()?.removeItem(key)
  } catch {
    // Quota full: the draft stays in the box, just not across reloads.
  }
}
