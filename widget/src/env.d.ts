/** Vite turns `?inline` CSS imports into the minified stylesheet text. */
declare module '*.css?inline' {
  const css: string
  export default css
}
