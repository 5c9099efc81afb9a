import { untracked, useSignal, useSignalEffect } from '@preact/signals'
import { useEffect, useId, useMemo, useRef } from 'preact/hooks'
import { useAccount } from '../app/context'
import { useComposerMentions } from '../notify/useComposerMentions'
import { ComposerFiles } from './ComposerFiles'
import { ComposerListbox, composerOptionId } from './ComposerListbox'
import { colleagueReplySince } from './collision'
import { usePane } from './context'
import { type ComposerMode, draftKey, loadDraft, saveDraft } from './drafts'
import { RecipientFields, recipientsValid } from './email/RecipientFields'
import { recipientFields } from './email/recipients'
import { sendMessage } from './outbox'
import { PhoneReplyRefusal, replyRefusalOf } from './PhoneReplyRefusal'
import { SendWarning } from './SendWarning'
import { createTypingSender } from './typing'
import { useCanned } from './useCanned'

/**
 * The reply box. "Reply" goes to the visitor, "Private note" only to agents. Enter or Mod+Enter
 * sends as the agent's setting says (Mod+Enter always does); drafts are kept per conversation and
 * mode; `/` offers canned responses; typing is shown in the room (replies only: a note being
 * written must never show the visitor that an agent is typing). A reply on an email conversation
 * also takes Cc and Bcc.
 */
export function Composer() {
  const { accountId, preferences, strings } = useAccount()
  const t = strings.conversation
  const { store, composerRequest } = usePane()
  const displayId = store.state.deps.displayId
  const mode = useSignal<ComposerMode>('reply')
  const text = useSignal(loadDraft(draftKey(accountId, displayId, 'reply')))
  const files = useSignal<File[]>([])
  const cc = useSignal('')
  const bcc = useSignal('')
  const recipientsChecked = useSignal(false)
  // When the reply being written was started (unix s): a colleague's reply after it warns.
  const startedAt = useSignal(text.value.trim() ? nowSeconds() : 0)
  const warnAbout = useSignal<{ name: string; at: number } | null>(null)
  const isEmail = store.state.conversation.value?.meta.channel === 'Channel::Email'
  const withRecipients = isEmail && mode.value === 'reply'
  const refusal =
    mode.value === 'reply' ? replyRefusalOf(store.state.conversation.value?.meta) : null
  const box = useRef<HTMLTextAreaElement>(null)
  const listId = `${useId()}-canned`
  const canned = useCanned(text.value)
  const typing = useMemo(
    // Private-note typing goes out marked private: other agents see it, the visitor never does.
    () => createTypingSender((on) => store.room()?.typing(on, mode.peek() === 'note') ?? false),
    [store, mode],
  )
  useEffect(() => () => typing.stop(), [typing])

  const switchMode = (next: ComposerMode) => {
    if (next === mode.value) return
    typing.stop()
    mode.value = next
    text.value = loadDraft(draftKey(accountId, displayId, next))
  }

  useSignalEffect(() => {
    const request = composerRequest.value
    if (!request) return
    untracked(() => switchMode(request.mode))
    box.current?.focus()
  })

  const setText = (value: string) => {
    if (!text.value.trim() && value.trim()) startedAt.value = nowSeconds()
    text.value = value
    warnAbout.value = null
    saveDraft(draftKey(accountId, displayId, mode.value), value)
    typing.input(value.trim().length > 0)
  }

  const submit = (confirmed = false) => {
    if (!text.value.trim() && !files.value.length) return
    const colleague =
      mode.value === 'reply' && !confirmed
        ? colleagueReplySince(store.state.messages.value, store.state.deps.me.id, startedAt.value)
        : undefined
    if (colleague) {
      warnAbout.value = { name: colleague.sender?.name ?? '', at: colleague.created_at }
      return
    }
    warnAbout.value = null
    if (withRecipients && !recipientsValid(cc.value, bcc.value)) {
      recipientsChecked.value = true
      return
    }
    const recipients = withRecipients ? recipientFields(cc.value, bcc.value) : {}
    void sendMessage(store, text.value, mode.value === 'note', files.value, recipients)
    typing.stop()
    files.value = []
    cc.value = ''
    bcc.value = ''
    recipientsChecked.value = false
    setText('')
  }

  const mentionListId = `${listId}-mentions`
  const mentions = useComposerMentions({
    text: text.value,
    inNote: mode.value === 'note',
    inboxId: store.state.conversation.value?.inbox_id,
    listId: mentionListId,
    setText,
    box,
  })

  const onKeyDown = (event: KeyboardEvent) => {
    if (mentions.onKeyDown(event)) return
    if (canned.open) {
      const option = canned.options[canned.active]
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        canned.move(event.key === 'ArrowDown' ? 1 : -1)
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        canned.close()
        return
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && option && !event.isComposing) {
        event.preventDefault()
        setText(option.content)
        return
      }
    }
    if (event.key !== 'Enter' || event.isComposing) return
    const mod = event.ctrlKey || event.metaKey
    if (mod || (preferences.value.sendWith === 'enter' && !event.shiftKey)) {
      event.preventDefault()
      submit()
    }
  }

  const label = mode.value === 'reply' ? t.reply : t.privateNote
  const hint = preferences.value.sendWith === 'enter' ? t.sendHintEnter : t.sendHintMod
  return (
    <form
      class={mode.value === 'note' ? 'cv-composer cv-composer-note' : 'cv-composer'}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form field set */}
      <div class="cv-modes" role="group" aria-label={t.composerMode}>
        <button
          type="button"
          aria-pressed={mode.value === 'reply'}
          onClick={() => switchMode('reply')}
        >
          {t.reply}
        </button>
        <button
          type="button"
          aria-pressed={mode.value === 'note'}
          onClick={() => switchMode('note')}
        >
          {t.privateNote}
        </button>
      </div>
      {withRecipients && <RecipientFields cc={cc} bcc={bcc} checked={recipientsChecked.value} />}
      {refusal && <PhoneReplyRefusal refusal={refusal} id={`${listId}-refusal`} />}
      {mentions.listbox}
      {canned.open && (
        <ComposerListbox
          id={listId}
          label={t.cannedResponses}
          options={canned.options}
          active={canned.active}
          onPick={(option) => {
            setText(option.content)
            box.current?.focus()
          }}
        >
          {(option) => (
            <>
              <span class="cv-canned-code">/{option.short_code}</span>
              <span class="cv-canned-text">{option.content}</span>
            </>
          )}
        </ComposerListbox>
      )}
      <textarea
        ref={box}
        class="cv-input"
        aria-label={label}
        aria-describedby={refusal ? `${listId}-refusal ${listId}-hint` : `${listId}-hint`}
        aria-autocomplete="list"
        aria-controls={mentions.open ? mentionListId : canned.open ? listId : undefined}
        aria-activedescendant={
          mentions.open
            ? mentions.activeDescendant
            : canned.open
              ? composerOptionId(listId, canned.active)
              : undefined
        }
        placeholder={mode.value === 'reply' ? t.replyPlaceholder : t.notePlaceholder}
        rows={3}
        value={text.value}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => typing.stop()}
        onPaste={(event) => {
          const pasted = Array.from(event.clipboardData?.files ?? [])
          if (!pasted.length) return
          event.preventDefault()
          files.value = [...files.value, ...pasted]
        }}
      />
      <p id={`${listId}-hint`} class="cv-hint">
        {hint}
      </p>
      {warnAbout.value !== null && (
        <SendWarning
          name={warnAbout.value.name}
          onSend={() => submit(true)}
          onReview={() => {
            // Reviewed: what came so far is taken into account; a later reply warns again.
            startedAt.value = Math.max(nowSeconds(), (warnAbout.value?.at ?? 0) + 1)
            warnAbout.value = null
            box.current?.focus()
          }}
        />
      )}
      <div class="cv-composer-row">
        <ComposerFiles files={files} />
        <button type="submit" class="cv-send">
          {t.send}
        </button>
      </div>
    </form>
  )
}

const nowSeconds = () => Math.floor(Date.now() / 1000)
