/** Works through `items` a slice at a time, the event loop free between slices for the sockets waiting on it. */
export async function inSlices<T>(items: T[], size: number, work: (slice: T[]) => void | Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    await work(items.slice(i, i + size));
  }
}
