import type { Strings } from './index'

/** Las páginas de Equipos, Etiquetas, Atributos personalizados, Respuestas predefinidas y Cuenta. */
export const crudEs: Strings['crud'] = {
  actions: 'Acciones',
  edit: 'Editar {name}',
  delete: 'Eliminar {name}',
  deleteQuestion: '¿Eliminarlo para todos?',
  confirmDelete: 'Eliminar',
  cancel: 'Cancelar',
  save: 'Guardar',
  saving: 'Guardando…',
  loading: 'Cargando…',
  created: '{thing}: creado.',
  updated: '{thing}: guardado.',
  deleted: '{thing}: eliminado.',
  yes: 'Sí',
  no: 'No',
}

export const teamsEs: Strings['teams'] = {
  title: 'Equipos',
  description:
    'Los equipos agrupan a los agentes que atienden el mismo tipo de conversación; una conversación se puede asignar a un equipo y sus miembros la ven.',
  thing: 'Equipo',
  add: 'Añadir equipo',
  empty: 'Todavía no hay equipos. Añade uno con «Añadir equipo» y elige sus miembros.',
  table: 'Equipos',
  newHeading: 'Nuevo equipo',
  editHeading: 'Editar el equipo {name}',
  name: 'Nombre',
  nameHint: 'Se guarda en minúsculas; único en la cuenta.',
  description_: 'Descripción',
  allowAutoAssign: 'Permitir la asignación automática',
  allowAutoAssignHint:
    'Las conversaciones nuevas del equipo se reparten entre sus miembros que están en línea.',
  members: 'Miembros',
  manageMembers: 'Miembros de {name}',
  membersHeading: 'Miembros de {name}',
  membersHint: 'Marca los agentes que forman parte de este equipo.',
  noAgents:
    'Esta cuenta todavía no tiene agentes. Añade agentes primero y después asígnalos a equipos.',
  saveMembers: 'Guardar miembros',
  membersSaved: 'Se guardaron los miembros de {name}.',
  close: 'Cerrar',
}

export const labelsEs: Strings['labels'] = {
  title: 'Etiquetas',
  description:
    'Las etiquetas clasifican conversaciones y contactos por tema (facturación, vip…) para poder filtrarlos y sacar informes.',
  thing: 'Etiqueta',
  add: 'Añadir etiqueta',
  empty: 'Todavía no hay etiquetas. Añade una con «Añadir etiqueta».',
  table: 'Etiquetas',
  newHeading: 'Nueva etiqueta',
  editHeading: 'Editar la etiqueta {name}',
  colour: 'Color',
  titleField: 'Título',
  titleHint: 'Solo letras, dígitos, «-» y «_»; se guarda en minúsculas.',
  description_: 'Descripción',
  showOnSidebar: 'Mostrar en la barra lateral',
}

export const attributesEs: Strings['attributes'] = {
  title: 'Atributos personalizados',
  description:
    'Los atributos personalizados son campos adicionales de las conversaciones o los contactos (un plan, un número de pedido…), que rellenan los agentes o la API.',
  thing: 'Atributo',
  add: 'Añadir atributo',
  appliesTo: 'Atributos de',
  conversation_attribute: 'Conversaciones',
  contact_attribute: 'Contactos',
  empty: 'Todavía no hay atributos de este tipo. Añade uno con «Añadir atributo».',
  table: 'Atributos personalizados',
  newHeading: 'Nuevo atributo',
  editHeading: 'Editar el atributo {name}',
  displayName: 'Nombre visible',
  key: 'Clave',
  keyHint: 'El nombre que usa la API: letras minúsculas, dígitos y _.',
  type: 'Tipo',
  values: 'Valores de la lista',
  valuesHint: 'Un valor por línea.',
  description_: 'Descripción',
  types: {
    text: 'Texto',
    number: 'Número',
    currency: 'Moneda',
    percent: 'Porcentaje',
    link: 'Enlace',
    date: 'Fecha',
    list: 'Lista',
    checkbox: 'Casilla',
  },
}

export const cannedEs: Strings['canned'] = {
  title: 'Respuestas predefinidas',
  description:
    'Las respuestas predefinidas son respuestas guardadas: escribe «/» y el código corto en una respuesta para insertar su contenido.',
  thing: 'Respuesta predefinida',
  add: 'Añadir respuesta predefinida',
  search: 'Buscar respuestas predefinidas',
  empty: 'Todavía no hay respuestas predefinidas. Añade una con «Añadir respuesta predefinida».',
  noMatch: 'Ninguna respuesta predefinida coincide con «{search}».',
  table: 'Respuestas predefinidas',
  newHeading: 'Nueva respuesta predefinida',
  editHeading: 'Editar la respuesta predefinida {name}',
  shortCode: 'Código corto',
  shortCodeHint: 'Una palabra, sin espacios; única en la cuenta.',
  content: 'Contenido',
}

export const accountSettingsEs: Strings['accountSettings'] = {
  title: 'Cuenta',
  description:
    'El nombre de la cuenta, su idioma y cuándo se resuelven las conversaciones inactivas.',
  name: 'Nombre de la cuenta',
  locale: 'Idioma',
  autoResolve: 'Resolver las conversaciones tras estos días sin actividad',
  autoResolveHint: 'Déjalo vacío para no resolverlas nunca automáticamente. Hasta 999 días.',
  assignOnReply: 'Asignar una conversación sin asignar al agente que responde',
  assignOnReplyHint:
    'Las notas privadas nunca asignan. Desactívalo para que responder no asigne conversaciones.',
  autoResolveInvalid: 'Introduce un número entero de días entre 1 y 999, o déjalo vacío.',
  currency: 'Moneda',
  currencyHint: 'Los totales y valores de los embudos se muestran en esta moneda.',
  accountId: 'ID de la cuenta',
  accountIdHint:
    'Los clientes de la API identifican la cuenta con este ID: /api/v1/accounts/{id}/…',
  save: 'Guardar',
  saved: 'Se guardó la configuración de la cuenta.',
  loading: 'Cargando…',
}
