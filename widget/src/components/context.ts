import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Widget } from '../store/widget'

export const WidgetContext = createContext<Widget | null>(null)

export function useWidget(): Widget {
  const widget = useContext(WidgetContext)
  if (!widget) throw new Error('useWidget() outside <WidgetContext.Provider>')
  return widget
}
