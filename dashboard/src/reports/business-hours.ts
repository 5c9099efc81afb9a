/** The page address's parameter that keeps "business hours only" across a reload. */
const PARAM = 'business_hours'

/** Whether a query string asks for business hours only (`?business_hours=true`, as the API). */
export const businessHoursIn = (search: string) => new URLSearchParams(search).get(PARAM) === 'true'

/** The same address with the choice in its query string (left out when off). */
export function withBusinessHours(href: string, on: boolean): string {
  const url = new URL(href)
  if (on) url.searchParams.set(PARAM, 'true')
  else url.searchParams.delete(PARAM)
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Writes the choice into the address bar. replaceState, not the router's navigate: a switch is no
 * navigation, so focus stays on it and Back does not step through each flip.
 */
export function keepBusinessHours(on: boolean) {
  history.replaceState(history.state, '', withBusinessHours(location.href, on))
}
