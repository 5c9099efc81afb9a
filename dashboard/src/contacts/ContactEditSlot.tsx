import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { useStrings } from '../i18n/context'
import type { ContactEditFormProps } from './ContactEditForm'

/**
 * The contact edit form, the page's only import of it: a chunk of its own, fetched when an agent
 * first asks to edit, so neither the inbox nor the contact page carries it until then.
 */
export function ContactEditSlot(props: ContactEditFormProps) {
  const t = useStrings().contacts
  const [Form, setForm] = useState<ComponentType<ContactEditFormProps> | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    import('./ContactEditForm')
      .then((module) => {
        if (live) setForm(() => module.default)
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [])
  if (failed) return <p class="form-error">{t.editUnavailable}</p>
  if (!Form) return <p role="status">{t.editLoading}</p>
  return <Form {...props} />
}
