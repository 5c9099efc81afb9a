import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** Budgets from the widget issue, in bytes of gzip level 9. */
export const BUDGETS = { loader: 5 * 1024, app: 40 * 1024 } as const

export const LOADER_FILES = ['widget.js'] as const
export const APP_FILES = ['widget-app.js', 'widget-app.css'] as const

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length
}

export interface SizeReport {
  files: Record<string, { raw: number; gzip: number }>
  loader: number
  app: number
}

/** The gzip sizes of a built widget/dist: the loader alone, and the app's JS plus its CSS. */
export function measure(dir: string): SizeReport {
  const files: SizeReport['files'] = {}
  for (const name of [...LOADER_FILES, ...APP_FILES]) {
    const file = path.join(dir, name)
    files[name] = { raw: readFileSync(file).length, gzip: gzipSize(file) }
  }
  const sum = (names: readonly string[]) => names.reduce((n, f) => n + (files[f]?.gzip ?? 0), 0)
  return { files, loader: sum(LOADER_FILES), app: sum(APP_FILES) }
}

export function describe(report: SizeReport): string {
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`
  const lines = Object.entries(report.files).map(
    ([name, s]) =>
      `  ${name.padEnd(16)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`,
  )
  lines.push(`  loader total ${kb(report.loader)} gzip (budget ${kb(BUDGETS.loader)})`)
  lines.push(`  app total    ${kb(report.app)} gzip (budget ${kb(BUDGETS.app)})`)
  return lines.join('\n')
}
