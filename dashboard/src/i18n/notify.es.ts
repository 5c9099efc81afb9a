import type { notifyEn } from './notify.en'

export const notifyEs: typeof notifyEn = {
  bell: 'Notificaciones',
  bellUnread: 'Notificaciones, {count} sin leer',
  panelTitle: 'Notificaciones',
  markAllRead: 'Marcar todas como leídas',
  empty: 'Aún no hay notificaciones.',
  loadFailed: 'No se pudieron cargar las notificaciones.',
  unread: 'Sin leer',
  mentionAgents: 'Agentes a mencionar',
  sound: 'Sonido para conversaciones y mensajes nuevos',
  soundOn: 'Siempre',
  soundHidden: 'Solo cuando la pestaña está en segundo plano',
  soundOff: 'Desactivado',
  push: 'Notificaciones en este dispositivo cuando Parley está cerrado',
  pushUnavailable: 'Este navegador o servidor no ofrece notificaciones push.',
  pushFailed: 'No se pudieron activar las notificaciones push.',
}
