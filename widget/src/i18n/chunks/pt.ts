import { announceChunk } from '../../shared/chunks'
import { pt } from '../pt'

// widget-locale-pt.js: fetched by the app only when a visitor's language is this one.
announceChunk('locale-pt', pt)
