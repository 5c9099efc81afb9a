import { type ApiClient, unwrap } from '../api/client'
import type { AgentPreferences } from './context'

export const DEFAULT_PREFERENCES: AgentPreferences = {
  sendWith: 'enter',
  shortcuts: true,
  sound: 'hidden',
}
const SOUNDS = ['on', 'off', 'hidden'] as const

/** The keys the dashboard keeps in the profile's ui_settings (merged there by the API). */
const KEYS = {
  sendWith: 'dashboard_send_with',
  shortcuts: 'dashboard_shortcuts',
  sound: 'dashboard_sound',
} as const

export function preferencesFrom(uiSettings: Record<string, unknown> | undefined): AgentPreferences {
  const sendWith = uiSettings?.[KEYS.sendWith]
  const shortcuts = uiSettings?.[KEYS.shortcuts]
  const sound = SOUNDS.find((s) => s === uiSettings?.[KEYS.sound])
  return {
    sound: sound ?? DEFAULT_PREFERENCES.sound,
    sendWith: sendWith === 'mod_enter' ? 'mod_enter' : DEFAULT_PREFERENCES.sendWith,
    shortcuts: typeof shortcuts === 'boolean' ? shortcuts : DEFAULT_PREFERENCES.shortcuts,
  }
}

/** Saves the preferences into ui_settings (PATCH merges, so other settings stay). */
export async function savePreferences(api: ApiClient, preferences: AgentPreferences) {
  await unwrap(
    api.PATCH('/api/v1/profile', {
      body: {
        ui_settings: {
          [KEYS.sendWith]: preferences.sendWith,
          [KEYS.shortcuts]: preferences.shortcuts,
          [KEYS.sound]: preferences.sound,
        },
      },
    }),
  )
}
