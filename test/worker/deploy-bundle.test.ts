import { describe, expect, it } from 'vitest'
import { nodeCheck } from './node-check'

describe('the deployed bundle', () => {
  it('carries none of the benchmark (bench/worker)', { timeout: 120_000 }, async () => {
    const { files, found } = await nodeCheck<{ files: string[]; found: string[] }>('deploy-bundle')
    expect(files).toContain('index.js')
    expect(found).toEqual([])
  })

  it("would show the benchmark's code if it were in it", { timeout: 120_000 }, async () => {
    const { found } = await nodeCheck<{ found: string[] }>('bench-bundle')
    expect(found).toEqual(expect.arrayContaining(['index.js: BenchRoom', 'index.js: /bench/']))
  })
})

describe("the benchmark's wrangler config (bench/wrangler.toml)", () => {
  it("declares every binding, variable and runtime setting of production's", {
    timeout: 60_000,
  }, async () => {
    const { missing } = await nodeCheck<{ missing: string[] }>('bench-config')
    expect(missing).toEqual([])
  })
})
