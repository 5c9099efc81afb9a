import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Budgets in bytes of gzip level 9, set just above today's build so the sizes cannot regress:
 * the loader's and the opened one are the goals (GOALS), which the build now meets with
 * a few bytes to spare (widget.js 3,068 of 3,072; widget-app.js 25,543 of 25,600).
 * - loader: widget.js, on every page view.
 * - opened: what a plain conversation downloads once the chat opens, in English: widget-app.js
 *   (no part chunk: those come with the first interactive message, or on opening when the inbox
 *   asks for the pre-chat form). It carries its CSS as text, for every browser: a constructed
 *   stylesheet, or a <style> with the loader's nonce (shared/styles.ts). widget-app.css is
 *   fetched only by a browser without constructed stylesheets on a page whose policy refuses
 *   that <style>, so it is not counted.
 * - openedAnyLanguage: the same plus the largest language chunk (Spanish, Portuguese, Arabic).
 */
export const BUDGETS = {
  loader: 3 * 1024,
  opened: 25 * 1024,
  openedAnyLanguage: 26.2 * 1024,
} as const
export const GOALS = { loader: 3 * 1024, opened: 25 * 1024 } as const

export const LOADER_FILES = ['widget.js'] as const
export const APP_FILES = ['widget-app.js'] as const
/** Chunks fetched only when first needed: one per language other than English. */
export const isLanguageChunk = (name: string) => /^widget-locale-\w+\.js$/.test(name)
/**
 * ... and one per rarely used part (interactive messages, the pre-chat form, the "back at" line,
 * a message's files).
 */
export const isPartChunk = (name: string) => /^widget-part-\w+\.js$/.test(name)

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length
}

export interface SizeReport {
  files: Record<string, { raw: number; gzip: number }>
  loader: number
  opened: number
  openedAnyLanguage: number
  languageChunks: string[]
  partChunks: string[]
}

/** The gzip sizes of a built widget/dist. */
export function measure(dir: string): SizeReport {
  const names = readdirSync(dir).sort()
  const languageChunks = names.filter(isLanguageChunk)
  const partChunks = names.filter(isPartChunk)
  const files: SizeReport['files'] = {}
  for (const name of [...LOADER_FILES, ...APP_FILES, ...languageChunks, ...partChunks]) {
    const file = path.join(dir, name)
    files[name] = { raw: readFileSync(file).length, gzip: gzipSize(file) }
  }
  const sum = (names: readonly string[]) => names.reduce((n, f) => n + (files[f]?.gzip ?? 0), 0)
  const opened = sum(APP_FILES)
  const largestLanguage = Math.max(0, ...languageChunks.map((f) => files[f]?.gzip ?? 0))
  return {
    files,
    loader: sum(LOADER_FILES),
    opened,
    openedAnyLanguage: opened + largestLanguage,
    languageChunks,
    partChunks,
  }
}

export function describe(report: SizeReport): string {
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`
  const lines = Object.entries(report.files).map(
    ([name, s]) =>
      `  ${name.padEnd(20)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(10)} gzip`,
  )
  lines.push(
    `  loader total          ${kb(report.loader)} gzip (budget ${kb(BUDGETS.loader)}, goal ${kb(GOALS.loader)})`,
    `  opened, English       ${kb(report.opened)} gzip (budget ${kb(BUDGETS.opened)}, goal ${kb(GOALS.opened)})`,
    `  opened, any language  ${kb(report.openedAnyLanguage)} gzip (budget ${kb(BUDGETS.openedAnyLanguage)})`,
    `  fetched only when needed: ${[...report.languageChunks, ...report.partChunks].join(', ')}`,
  )
  return lines.join('\n')
}
