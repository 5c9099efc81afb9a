import { funnelBoardRoutes } from './funnels/board'
import { funnelChecklistRoutes } from './funnels/checklist'
import { funnelDefinitionRoutes } from './funnels/definitions'
import { funnelPlacementRoutes } from './funnels/placement'
import { funnelStageOrderRoutes } from './funnels/stage-order'
import { funnelStageRoutes } from './funnels/stages'
import { funnelStopwatchRoutes } from './funnels/stopwatch'
import { createRouter } from './router'

/** Funnels, stages, placements, checklists, stopwatches and the board (DESIGN.md §10). */
export const funnelRoutes = createRouter()
  .route('/', funnelDefinitionRoutes)
  .route('/', funnelStageOrderRoutes)
  .route('/', funnelStageRoutes)
  .route('/', funnelBoardRoutes)
  .route('/', funnelPlacementRoutes)
  .route('/', funnelChecklistRoutes)
  .route('/', funnelStopwatchRoutes)
