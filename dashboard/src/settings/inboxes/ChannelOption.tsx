export type Kind = 'web_widget' | 'api' | 'email' | 'phone'

interface ChannelOptionProps {
  value: Kind
  checked: boolean
  label: string
  hint: string
  onChoose(): void
}

/** One channel to choose, with what it is for. */
export function ChannelOption({ value, checked, label, hint, onChoose }: ChannelOptionProps) {
  const id = `channel-${value}`
  return (
    <div class="channel-option">
      <input
        type="radio"
        id={id}
        name="channel"
        value={value}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={onChoose}
      />
      <label for={id}>{label}</label>
      <p class="form-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  )
}
