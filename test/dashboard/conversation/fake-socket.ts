import { FakeWebSocket as DrivenSocket } from '../../protocol/fake-socket'

/** The widget tests' driven WebSocket, as a conversation's room has it: ready at the upgrade. */
export class FakeWebSocket extends DrivenSocket {
  static override get last(): FakeWebSocket {
    return DrivenSocket.last as FakeWebSocket
  }

  /** Opens and says `ready`, as the room does for a cookie-authenticated agent. */
  ready(displayId = 7) {
    this.open()
    this.receive({ event: 'ready', data: { conversation_id: displayId, role: 'agent' } })
  }
}
