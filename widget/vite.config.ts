import { defineConfig } from 'vite'
import { appConfig, DIST } from './build/config.ts'

// `vite build -c widget/vite.config.ts` writes widget/dist: widget-app.js (+ .css), then widget.js (+ .css).
export default defineConfig(appConfig(DIST))
