import { announceChunk } from '../../shared/chunks'
import { es } from '../es'

// widget-locale-es.js: fetched by the app only when a visitor's language is this one.
announceChunk('locale-es', es)
