import type { Strings } from './index'

/** Configuración › Webhooks: la lista, el formulario, el secreto de firma y el registro de envíos. */
export const webhooksEs: Strings['webhooks'] = {
  title: 'Webhooks',
  description:
    'Parley envía por POST los eventos a estas URL en cuanto ocurren, firmados con el secreto de cada webhook y con reintentos durante unos tres días.',
  thing: 'Webhook',
  add: 'Añadir webhook',
  empty: 'Todavía no hay webhooks. Añade uno con «Añadir webhook».',
  table: 'Webhooks',
  newHeading: 'Nuevo webhook',
  editHeading: 'Editar el webhook {name}',

  url: 'URL',
  urlHint: 'Una URL https en un host público; Parley le envía JSON por POST.',
  name: 'Nombre',
  nameHint: 'Opcional: cómo aparece en esta lista.',
  events: 'Eventos',
  eventsLegend: 'Eventos que se envían',
  eventsHint: 'Los nombres de evento de Chatwoot; marca al menos uno.',
  allEvents: 'Todos los eventos',
  inbox: 'Bandeja de entrada',
  inboxHint:
    'Solo los eventos de esta bandeja (los eventos de contactos no tienen bandeja y se envían siempre).',
  allInboxes: 'Todas las bandejas',

  details: 'Envíos y secreto de {name}',
  sendTest: 'Enviar un evento de prueba a {name}',
  testQueued: 'Evento de prueba en cola para {name}; esperando al receptor…',
  testSettled: 'Evento de prueba {status}: {outcome}.',
  testStillPending: 'El evento de prueba sigue pendiente: usa Actualizar para volver a mirar.',
  notFound: 'El webhook {id} no está en esta cuenta.',
  closeDetails: 'Cerrar detalles',

  secretHeading: 'Secreto de firma',
  secretLabel: 'Secreto de firma de {name}',
  secretMasked: 'whsec_\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022',
  reveal: 'Mostrar secreto',
  copySecret: 'Copiar secreto',
  rotate: 'Rotar secreto',
  rotateQuestion: 'Los receptores deberán usar el nuevo secreto. ¿Rotarlo ahora?',
  confirmRotate: 'Rotar',
  rotated: 'Se creó un secreto nuevo, que se muestra arriba; actualiza tu receptor.',
  verifyHeading: 'Verificar las firmas',
  verifyHelp:
    'Verifica cada petición con Standard Webhooks: HMAC-SHA256 de "webhook-id.webhook-timestamp.body" con el secreto, comparado con la cabecera webhook-signature.',
  verifyExample: 'Ejemplo en Node',

  logHeading: 'Registro de envíos',
  logTable: 'Envíos de {name}, los más recientes primero',
  refresh: 'Actualizar',
  loadOlder: 'Cargar envíos anteriores',
  noDeliveries: 'Todavía no hay envíos. Envía un evento de prueba para ver uno aquí.',
  event: 'Evento',
  status: 'Estado',
  attempts: 'Intentos',
  responseCode: 'Código de respuesta',
  time: 'Hora',
  lastError: 'Último error',
  actions: 'Acciones',
  redeliver: 'Reenviar',
  redeliverName: 'Reenviar el envío {id} de {event}',
  redelivered: 'El envío {id} vuelve a estar en cola.',
  none: '\u2014',
  statuses: {
    pending: 'Pendiente',
    succeeded: 'Correcto',
    failed: 'Fallido',
    dead: 'Descartado',
  },
}

/** Los nombres de evento de Chatwoot con palabras para personas. */
export const webhookEventsEs: Strings['webhookEvents'] = {
  conversation_created: 'Conversación creada',
  conversation_status_changed: 'Estado de la conversación cambiado',
  conversation_updated: 'Conversación actualizada',
  message_created: 'Mensaje creado',
  message_updated: 'Mensaje actualizado',
  contact_created: 'Contacto creado',
  contact_updated: 'Contacto actualizado',
  webwidget_triggered: 'Widget abierto',
}
