/** Lets pending promises (the fake locks' grants, broadcast messages) settle. */
export async function settle(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve()
  await new Promise((resolve) => setTimeout(resolve, 0))
  for (let i = 0; i < times; i++) await Promise.resolve()
}
