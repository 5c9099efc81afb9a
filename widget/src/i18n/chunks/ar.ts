import { announceChunk } from '../../shared/chunks'
import { ar } from '../ar'

// widget-locale-ar.js: fetched by the app only when a visitor's language is this one.
announceChunk('locale-ar', ar)
