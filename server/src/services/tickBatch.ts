/**
 * Lookups that arrive in the same tick go to the database together: when a whole school connects
 * at once, thousands of sockets share a handful of statements instead of a query (and a pool
 * checkout, and its garbage) each. Alone, a lookup waits one turn of the event loop.
 */
export function tickBatch<R, V>(load: (requests: R[]) => Promise<(V | undefined)[]>, maxBatch = 500): (request: R) => Promise<V | undefined> {
  let waiting: { request: R; resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[] = [];

  function flush(): void {
    const batch = waiting;
    waiting = [];
    for (let i = 0; i < batch.length; i += maxBatch) {
      const part = batch.slice(i, i + maxBatch);
      load(part.map((w) => w.request)).then(
        (values) => part.forEach((w, j) => w.resolve(values[j])),
        (err: unknown) => part.forEach((w) => w.reject(err)),
      );
    }
  }

  return (request) =>
    new Promise((resolve, reject) => {
      if (!waiting.length) setImmediate(flush);
      waiting.push({ request, resolve, reject });
    });
}
