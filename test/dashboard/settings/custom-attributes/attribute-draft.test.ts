import { describe, expect, it } from 'vitest'
import {
  keyFromName,
  valuesOf,
} from '../../../../dashboard/src/settings/custom-attributes/attribute-draft'

describe('attribute drafts', () => {
  it('derives a lower snake case key from a display name', () => {
    expect(keyFromName('Order Size')).toBe('order_size')
    expect(keyFromName('  Café – crème brûlée!  ')).toBe('cafe_creme_brulee')
    expect(keyFromName('Plan #2')).toBe('plan_2')
  })

  it('reads list values one a line, dropping blank lines', () => {
    expect(valuesOf('small\n\n  large \n')).toEqual(['small', 'large'])
  })
})
