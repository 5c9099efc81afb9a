export interface CheckboxProps {
  label: string
  checked: boolean
  onChange(checked: boolean): void
  disabled?: boolean
  /** Names the box for assistive technology only, where a visible column header says the rest. */
  hiddenLabel?: boolean
  describedBy?: string
}

/** A checkbox inside its label (the whole label toggles it). */
export function Checkbox(props: CheckboxProps) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
      />
      <span class={props.hiddenLabel ? 'visually-hidden' : undefined}>{props.label}</span>
    </label>
  )
}
