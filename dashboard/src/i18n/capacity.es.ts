import type { Strings } from './index'

/** Configuración › Capacidad: políticas de capacidad y qué hace cada límite en la asignación automática. */
export const capacityEs: Strings['capacity'] = {
  title: 'Capacidad',
  description:
    'Cuántas conversaciones abiertas da la asignación automática a cada agente. Un agente sin espacio no recibe conversaciones nuevas: esperan en Sin asignar y van al primer agente con espacio, las más antiguas primero.',
  thing: 'Política de capacidad',
  add: 'Añadir política',
  empty:
    'Todavía no hay políticas de capacidad: los agentes reciben cualquier número de conversaciones.',
  table: 'Políticas de capacidad',
  newHeading: 'Nueva política de capacidad',
  editHeading: 'Editar la política de capacidad {name}',
  name: 'Nombre',
  nameHint: 'Cómo la llama esta lista, por ejemplo «Turno de día».',
  description_: 'Descripción',
  overall: 'Límite total',
  overallHint:
    'Las conversaciones abiertas que un agente de esta política tiene como máximo entre todas las bandejas; déjalo en blanco para no poner límite.',
  inboxLimits: 'Límite por bandeja',
  inboxLimitsHint:
    'Las conversaciones abiertas que un agente de esta política tiene como máximo en esa bandeja; en blanco, sin límite allí.',
  agents: 'Agentes',
  agentsHint:
    'Los agentes a los que se aplica esta política; un agente tiene una política como máximo, así que elegirlo aquí lo quita de la otra.',
  agentsColumn: 'Agentes',
  noLimit: 'Sin límite',
  loadingOptions: 'Cargando bandejas y agentes\u2026',
}
