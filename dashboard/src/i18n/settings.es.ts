import type { Strings } from './index'

/** El marco de la configuración: su navegación y lo que se le dice a un agente. */
export const settingsEs: Strings['settings'] = {
  settingsNavigation: 'Configuración',
  inboxes: 'Bandejas de entrada',
  agents: 'Agentes',
  teams: 'Equipos',
  labels: 'Etiquetas',
  'custom-attributes': 'Atributos personalizados',
  'canned-responses': 'Respuestas predefinidas',
  webhooks: 'Webhooks',
  capacity: 'Capacidad',
  account: 'Cuenta',
  administratorsOnlyTitle: 'La configuración es para administradores',
  administratorsOnly:
    'Solo un administrador de esta cuenta puede cambiar su configuración. Pídeselo a alguno si hay algo que cambiar.',
}
