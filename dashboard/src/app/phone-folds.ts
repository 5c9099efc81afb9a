import type { Signal } from '@preact/signals'
import type { CommandBus, ConversationCommand } from './context'

/** Shortcuts whose controls are in the conversation's actions, folded away on a phone. */
const IN_ACTIONS = new Set<ConversationCommand>(['assign', 'snooze', 'label'])

/**
 * The command bus the shortcuts use, unfolding the actions before a command that needs them:
 * the assignee is focused as the command arrives, so the region's class is set at once rather
 * than on the next render (a control that is not displayed cannot take focus). On wider
 * screens the class changes nothing.
 */
export function unfoldingCommands(
  commands: CommandBus,
  region: () => HTMLElement | null,
  actionsOpen: Signal<boolean>,
): CommandBus {
  return {
    on: commands.on,
    emit(command) {
      if (IN_ACTIONS.has(command)) {
        region()?.classList.add('phone-actions-open')
        actionsOpen.value = true
      }
      commands.emit(command)
    },
  }
}
