import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const SOURCE = path.resolve(import.meta.dirname, '../../../dashboard/src')
/** The dashboard's language tables (the widget's own, for its preview, are not among them). */
const TABLES = path.join(SOURCE, 'i18n') + path.sep

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

it('no dashboard file outside i18n/ imports a language table: strings come through context', () => {
  const importers = sourceFiles(SOURCE)
    .filter((file) => !file.startsWith(path.join(SOURCE, 'i18n') + path.sep))
    .filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+\.(?:en|es))'/g)].some(([, spec]) =>
        path.resolve(path.dirname(file), spec as string).startsWith(TABLES),
      ),
    )
    .map((file) => path.relative(SOURCE, file))
  expect(importers).toEqual([])
})
