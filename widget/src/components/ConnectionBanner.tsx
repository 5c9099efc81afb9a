import { useWidget } from './context'

/** Says when messages cannot go out live; the region stays mounted so changes are announced. */
export function ConnectionBanner() {
  const { state } = useWidget()
  const t = state.t.value
  let text = ''
  if (!state.online.value) text = t.connection.offline
  else if (state.connection.value === 'waiting') text = t.connection.reconnecting
  return (
    <div class={text ? 'banner' : 'banner empty'} role="status">
      {text}
    </div>
  )
}
