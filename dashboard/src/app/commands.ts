import type { CommandBus, ConversationCommand } from './context'

/** The shortcuts' channel to the open conversation: plain listeners per command. */
export function createCommandBus(): CommandBus {
  const handlers = new Map<ConversationCommand, Set<() => void>>()
  return {
    on(command, handler) {
      const set = handlers.get(command) ?? new Set()
      handlers.set(command, set)
      set.add(handler)
      return () => set.delete(handler)
    },
    emit(command) {
      for (const handler of handlers.get(command) ?? []) handler()
    },
  }
}
