import type { FunnelsRoute } from '../workspace/pages'
import { FunnelBoard } from './FunnelBoard'
import { FunnelList } from './FunnelList'
import '../styles/workspace.css'
import './funnels.css'

/** The account's funnels, and one funnel's board (`/funnels/{funnel_id}`). */
export default function FunnelsPage({ route }: { route: FunnelsRoute }) {
  if (route.funnelId === null) return <FunnelList />
  return <FunnelBoard key={route.funnelId} funnelId={route.funnelId} />
}
