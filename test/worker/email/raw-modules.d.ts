// Vite's ?raw suffix imports a fixture file as its text.
declare module '*.eml?raw' {
  const text: string
  export default text
}
