import { useEffect, useState } from 'preact/hooks'

/**
 * Mounts a heavy view over several tasks instead of one: the stage counts up by one after each
 * commit has been painted, until `last`. Opening a conversation then draws its header first,
 * then the messages and the composer, then the side panel, and no single task runs long enough
 * to hold up input (the inbox's "no long task over 50 ms" goal).
 */
export function useStages(last: number): number {
  const [stage, setStage] = useState(0)
  useEffect(() => {
    if (stage >= last) return
    const timer = setTimeout(() => setStage(stage + 1), 0)
    return () => clearTimeout(timer)
  }, [stage])
  return stage
}
