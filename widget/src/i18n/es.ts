import type { Strings } from '../../../protocol/i18n/widget.en'

export const es: Strings = {
  dir: 'ltr',
  launcher: { open: 'Abrir chat', close: 'Cerrar chat', unread: '{count} sin leer' },
  panel: {
    label: 'Chat con {name}',
    close: 'Cerrar chat',
    loading: 'Cargando…',
    past: 'Conversaciones anteriores',
  },
  welcome: {
    title: '¡Hola!',
    tagline: 'Pregúntanos lo que quieras, estaremos encantados de ayudarte.',
  },
  replyTime: {
    in_a_few_minutes: 'Suele responder en unos minutos',
    in_a_few_hours: 'Suele responder en unas horas',
    in_a_day: 'Suele responder en un día',
  },
  prechat: {
    intro: 'Cuéntanos un poco sobre ti antes de empezar.',
    submit: 'Iniciar conversación',
    required: 'obligatorio',
    missing: '{field} es obligatorio',
    invalidEmail: 'Escribe un correo como nombre@ejemplo.com',
  },
  composer: {
    label: 'Escribe tu mensaje',
    placeholder: 'Escribe tu mensaje…',
    send: 'Enviar mensaje',
    attach: 'Adjuntar un archivo',
    remove: 'Quitar {name}',
  },
  messages: {
    label: 'Mensajes',
    older: 'Cargar mensajes anteriores',
    newer: 'Mensajes nuevos',
    empty: 'Envíanos un mensaje y te responderemos.',
    you: 'Tú',
    bot: 'Bot',
    team: 'Soporte',
    sending: 'Enviando…',
    queued: 'Esperando conexión, se enviará automáticamente',
    failed: 'No enviado',
    retry: 'Reintentar',
    sent: 'Enviado',
    read: 'Leído',
    typing: '{name} está escribiendo…',
    someone: 'Alguien',
    download: 'Descargar {name}',
    image: 'Imagen {name}',
    file: 'Archivo',
  },
  connection: {
    offline: 'No tienes conexión. Los mensajes se enviarán cuando vuelvas a estar en línea.',
    reconnecting: 'Reconectando…',
  },
  conversation: {
    end: 'Terminar conversación',
    ended: 'Esta conversación ha terminado.',
    startNew: 'Iniciar una nueva conversación',
    startedNew: 'Esta conversación estaba resuelta; tu mensaje inició una nueva.',
  },
  rich: {
    emailLabel: 'Tu correo electrónico',
  },
  errors: {
    generic: 'Algo salió mal. Inténtalo de nuevo.',
    load: 'No pudimos cargar el chat.',
    retry: 'Reintentar',
    dismiss: 'Cerrar aviso',
  },
}
