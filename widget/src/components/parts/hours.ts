// widget-part-hours.js: the "back at" line, fetched when an inbox has working hours on (most
// have not, and the schedule's time-zone logic and strings would weigh on every first load).
export { backAtLine } from '../back-at'
