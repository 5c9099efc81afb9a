import { FakeWebSocket as DrivenSocket } from '../protocol/fake-socket'

/** The widget tests' driven WebSocket, as the account feed has it: ready at the upgrade. */
export class FakeWebSocket extends DrivenSocket {
  static override get last(): FakeWebSocket {
    return DrivenSocket.last as FakeWebSocket
  }

  /** The server accepts the cookie at the upgrade and says so. */
  ready(accountId = 1) {
    this.open()
    this.receive({ event: 'ready', data: { account_id: accountId } })
  }
}
