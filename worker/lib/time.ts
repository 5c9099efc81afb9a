/** Unix seconds: the unit every stored timestamp uses. */
export const nowSeconds = () => Math.floor(Date.now() / 1000)

export const isoFromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString()
