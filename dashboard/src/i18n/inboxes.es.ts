import type { Strings } from './index'

/** La configuración de bandejas: la lista, añadir una bandeja y la configuración de cada una. */
export const inboxesEs: Strings['inboxes'] = {
  title: 'Bandejas de entrada',
  description:
    'Por donde llegan las conversaciones: un widget de chat en tu sitio web o tu propia aplicación mediante la API.',
  add: 'Añadir bandeja',
  loading: 'Cargando…',
  empty: 'Todavía no hay bandejas. Añade una para empezar a recibir conversaciones.',
  columns: { name: 'Nombre', channel: 'Canal', website: 'URL del sitio web', members: 'Agentes' },
  channel: { website: 'Sitio web', api: 'API', email: 'Correo electrónico', sms: 'SMS' },

  newTitle: 'Añadir una bandeja de entrada',
  newDescription: 'Elige cómo te contactan los visitantes.',
  channelChoice: 'Canal',
  websiteChoice: 'Sitio web',
  websiteChoiceHint: 'Un widget de chat en tu sitio, que se añade con una etiqueta script.',
  apiChoice: 'API',
  apiChoiceHint: 'Tu propia aplicación o interfaz de chat usa la API pública.',
  emailChoice: 'Correo electrónico',
  emailChoiceHint:
    'El correo a tu dirección de soporte se convierte en conversaciones; las respuestas salen por correo.',
  supportEmail: 'Dirección de correo de soporte',
  supportEmailHint:
    'La dirección a la que escriben los clientes, p. ej. soporte@example.com. Las respuestas se envían desde ella.',
  name: 'Nombre',
  websiteUrl: 'URL del sitio web',
  websiteUrlHint: 'El sitio donde estará el widget, p. ej. https://shop.example.com',
  webhookUrl: 'URL del webhook',
  webhookUrlHint:
    'Opcional. Parley envía aquí los eventos de esta bandeja (el webhook del canal API de Chatwoot).',
  create: 'Crear bandeja',
  creating: 'Creando…',
  created: 'Se creó la bandeja {name}.',

  embedHeading: 'Añade el chat a tu sitio web',
  embedIntro:
    'Pega esto antes de la etiqueta de cierre </body> de cada página que deba mostrar el chat. Carga unos pocos kilobytes, y el chat en sí solo cuando el visitante muestra interés.',
  embedSnippet: 'Código para insertar',
  chatwootHeading: '¿Vienes de Chatwoot?',
  chatwootIntro:
    'El código de Chatwoot también funciona: solo cambia la URL del script. window.chatwootSettings, window.$chatwoot y los eventos chatwoot:* se comportan como antes.',
  chatwootSnippet: 'Código al estilo de Chatwoot',
  apiHeading: 'Conecta tu aplicación',
  apiIntro:
    'Tu aplicación llama a la API pública de cliente con el identificador de esta bandeja: crea un contacto y, después, sus conversaciones y mensajes.',
  inboxIdentifier: 'Identificador de la bandeja',
  apiExample: 'Ejemplo: crear un contacto',
  goToSettings: 'Abrir la configuración de {name}',
  emailHeading: 'Recibir y enviar correo',
  emailIntro:
    'El correo enviado a {email} llega a esta bandeja cuando se reenvía a la dirección de abajo.',
  forwardTo: 'Dirección de reenvío',
  forwardToMissing:
    'Este servidor aún no tiene un dominio de correo entrante (INBOUND_EMAIL_DOMAIN), así que no hay dirección de reenvío que mostrar. Configúralo y vuelve aquí.',
  emailSteps: 'Configurar Email Routing',
  emailStepForward:
    'En tu proveedor de correo, reenvía todo el correo enviado a {email} a la dirección de reenvío de arriba.',
  emailStepCloudflare:
    'O, si el dominio de {email} está en Cloudflare: en Email Routing, añade una regla que envíe {email} a este Worker.',
  emailStepSending:
    'Las respuestas salen desde {email} a través de Cloudflare Email Service: da de alta su dominio para el envío (Email Service, Domains) o las respuestas no se podrán enviar.',
  emailStepTest:
    'Envía un correo de prueba a {email}: aparecerá como una conversación nueva en esta bandeja.',

  phoneChoice: 'SMS o WhatsApp (Twilio)',
  phoneChoiceHint:
    'Los mensajes a tu número de Twilio se convierten en conversaciones; las respuestas salen como mensajes.',
  accountSid: 'Account SID de Twilio',
  accountSidHint: 'De tu consola de Twilio; empieza por AC.',
  authToken: 'Auth Token de Twilio',
  authTokenHint: 'Se comprueba ahora con Twilio, se guarda cifrado y no vuelve a mostrarse.',
  phoneNumber: 'Número de teléfono',
  phoneNumberHint: 'El número de Twilio desde el que se envía, p. ej. +15550001111.',
  messagingServiceSid: 'SID del Messaging Service',
  messagingServiceSidHint: 'O, en lugar de un número, tu Messaging Service; empieza por MG.',
  medium: 'Medio',
  mediumSms: 'SMS',
  mediumWhatsapp: 'WhatsApp',
  phoneHeading: 'Conectar Twilio',
  phoneIntro:
    'Pega estas dos direcciones en tu consola de Twilio, en la configuración de mensajería del número (o del Messaging Service), ambas como HTTP POST: la primera donde Twilio pide “A message comes in”.',
  incomingUrl: 'URL de mensajes entrantes',
  statusCallbackUrl: 'URL de estado (status callback)',
  phoneStepTest:
    'Después envía un mensaje a tu número de Twilio: aparecerá aquí como una conversación nueva.',

  settingsTitle: 'Bandeja de entrada: {name}',
  settingsFailed: 'No se pudo cargar esta bandeja.',
  backToList: 'Volver a las bandejas',
  widgetHeading: 'Widget',
  apiInboxHeading: 'Bandeja de entrada',
  webhookSecret: 'Secreto del webhook',
  welcomeTitle: 'Título de bienvenida',
  welcomeTagline: 'Lema de bienvenida',
  widgetColor: 'Color del widget',
  widgetColorHex: 'Color del widget (hexadecimal)',
  widgetColorHexHint: 'Seis dígitos hexadecimales, p. ej. #1f93ff',
  replyTime: 'Tiempo de respuesta',
  allowedDomains: 'Dominios permitidos',
  allowedDomainsHint:
    'Nombres de host separados por comas, p. ej. shop.example.com, www.example.com. Vacío: cualquier sitio puede cargar el widget.',
  save: 'Guardar cambios',
  saving: 'Guardando…',
  saved: 'Guardado.',

  hoursHeading: 'Horario de atención',
  hoursEnabled: 'Usar horario de atención',
  hoursIntro:
    'Fuera de horario, el widget muestra cuándo vuelve el equipo en lugar del tiempo de respuesta, y el visitante que escribe recibe el mensaje de ausencia, una vez por conversación. El horario se lee en la zona horaria de abajo, con el cambio de hora incluido.',
  outOfOfficeHint:
    'Se envía a los visitantes que escriben mientras estás cerrado. Vacío: no se envía nada.',
  timezone: 'Zona horaria',
  outOfOffice: 'Mensaje de ausencia',
  days: ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
  day: 'Día',
  closed: 'Cerrado',
  closedOn: 'Cerrado el {day}',
  opens: 'Abre',
  closes: 'Cierra',
  opensOn: '{day} abre a las',
  closesOn: '{day} cierra a las',

  prechatHeading: 'Formulario previo al chat',
  prechatEnabled: 'Pedir datos a los visitantes antes de empezar el chat',
  prechatMessage: 'Mensaje previo al chat',
  prechatField: 'Campo',
  prechatAsk: 'Pedir',
  prechatRequired: 'Obligatorio',
  askFor: 'Pedir {field}',
  requireField: '{field} es obligatorio',
  standardFields: {
    emailAddress: 'Correo electrónico',
    fullName: 'Nombre',
    phoneNumber: 'Teléfono',
  },

  previewHeading: 'Vista previa',
  previewIntro: 'Cómo verán el widget los visitantes mientras lo editas (antes de guardar).',
  previewLauncher: 'Botón del chat',
  previewMessage: 'Escribe tu mensaje…',
  previewStart: 'Iniciar conversación',

  automaticHeading: 'Mensajes automáticos',
  automaticSave: 'Guardar mensajes automáticos',
  greetingHeading: 'Saludo',
  greetingEnabled: 'Enviar un saludo cuando empieza una conversación',
  greetingHint:
    'El saludo es el primer mensaje de cada conversación nueva de esta bandeja, y el visitante lo ve al instante.',
  greetingMessage: 'Mensaje de saludo',
  emailCollectHeading: 'Recogida de correo',
  emailCollectEnabled: 'Pedir el correo a los visitantes que no lo han dado',
  emailCollectHint:
    'A un visitante sin correo que no recibe respuesta en un rato se le pide uno en el chat. Su respuesta se guarda en el contacto. La recogida de correo envía las respuestas por correo solo si la continuidad está activada.',
  previewEmailPrompt: 'Recibe avisos por correo',
  previewBackAt: 'Volvemos el {day} a las {time}',
  previewAway: 'Ahora no estamos disponibles',

  conversationsHeading: 'Conversaciones',
  conversationsIntro:
    'Qué ocurre con las conversaciones de esta bandeja. Cada opción se guarda al momento.',
  settingSaved: 'Opción guardada.',
  csatEnabled: 'Pedir una valoración (CSAT) al resolver una conversación',
  csatHint:
    'Al resolver una conversación se envía una valoración de 1 a 5 con un comentario, una vez por conversación. Las respuestas aparecen en Informes.',
  csatEmailHint:
    'Al resolver una conversación se envía un enlace a una página de valoración, una vez por conversación. En las bandejas de correo, CSAT envía un enlace a una página de valoración porque el correo no puede llevar la valoración. Las respuestas aparecen en Informes.',
  autoAssignEnabled: 'Asignar las conversaciones nuevas automáticamente',
  autoAssignHint:
    'Las conversaciones nuevas van por turnos a los agentes de esta bandeja. La asignación automática solo asigna agentes conectados y por debajo de su capacidad; si no hay ninguno, la conversación espera en Sin asignar.',
  autoAssignCapacity: 'La capacidad de cada agente se define en Configuración → Capacidad.',
  autoAssignCapacityLink: 'Definir la capacidad de cada agente',
  afterResolvedEnabled: 'Reabrir una conversación resuelta cuando el visitante vuelve a escribir',
  afterResolvedHint:
    'Si está desactivado, un visitante que escribe en una conversación resuelta empieza una nueva, y el widget se lo indica; la anterior sigue resuelta.',
  singleConversationEnabled: 'Una sola conversación por contacto',
  singleConversationHint:
    'Un contacto que vuelve a iniciar una conversación recupera la última en lugar de crear otra.',
  botHeading: 'Bot de agente',
  botIntro:
    'Un bot responde primero: las conversaciones empiezan pendientes y el bot recibe sus eventos en su URL, hasta que las pasa a tus agentes.',
  botLabel: 'Bot que responde primero',
  botNone: 'Ningún bot',
  botSaved: 'Se guardó el bot de agente.',
  noBots:
    'Esta cuenta todavía no tiene bots de agente. Crea uno con la API (POST /api/v1/accounts/…/agent_bots).',

  continuityHeading: 'Continuidad de la conversación',
  continuityLabel: 'Enviar por correo las respuestas a los visitantes que se han ido',
  continuityHint:
    'Cuando un visitante que dejó su correo ya no está en la página, las respuestas de los agentes le llegan por correo un par de minutos después, varias respuestas en un solo mensaje. Su respuesta por correo vuelve a la misma conversación.',
  continuitySaved: 'Se guardó la continuidad de la conversación.',
  identityHeading: 'Verificación de identidad',
  identityIntro:
    'Cuando tu sitio sabe quién es el visitante, pasa su identificador a setUser con un identifier_hash: el HMAC-SHA256 del identificador, con el secreto de esta bandeja como clave. Calcúlalo en tu servidor, nunca en el navegador, para que nadie pueda hacerse pasar por otro usuario.',
  hmacToken: 'Token HMAC',
  hmacMissing: 'Solo los administradores pueden ver el secreto de esta bandeja.',
  enforce: 'Exigir la validación de la identidad del usuario',
  enforceHint:
    'Si está activado, un identificador solo se acepta con su identifier_hash: se rechaza setUser (o un contacto creado con la API) sin él. Un hash incorrecto se rechaza en cualquier caso.',
  nodeExample: 'Node.js',
  rubyExample: 'Ruby',
  phpExample: 'PHP',
  setUserExample: 'En la página',
  identitySaved: 'Se guardó la validación de identidad.',

  membersHeading: 'Agentes',
  membersIntro:
    'Los agentes ven y responden las conversaciones de esta bandeja. Los administradores ven todas las bandejas.',
  membersLegend: 'Agentes de esta bandeja',
  saveMembers: 'Guardar agentes',
  membersSaved: 'Agentes guardados.',
  noAgents: 'Esta cuenta todavía no tiene agentes.',

  deleteHeading: 'Eliminar esta bandeja',
  deleteIntro:
    'Al eliminar una bandeja también se eliminan sus conversaciones. No se puede deshacer.',
  delete: 'Eliminar la bandeja {name}',
  deleteQuestion: '¿Eliminarla junto con todas sus conversaciones?',
  deleteConfirm: 'Eliminar',
}
