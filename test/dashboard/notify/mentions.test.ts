import { describe, expect, it } from 'vitest'
import { mentionsAsNames } from '../../../dashboard/src/notify/mentions'

describe('mentions in a note', () => {
  it("show as the agent's name, leaving other links and text alone", () => {
    expect(
      mentionsAsNames(
        'Ask [@Ana Ruiz](mention://user/12/Ana%20Ruiz) and [@Bo](mention://user/3/Bo), see [docs](https://x.test)',
      ),
    ).toBe('Ask @Ana Ruiz and @Bo, see [docs](https://x.test)')
  })
})
