/** Types for rawSocket.mjs (the load generators' Socket.IO client), for the test that holds it to the real server. */
export declare class RawSocket {
  static connect(url: string, auth: object, timeoutMs: number): Promise<RawSocket | null>;
  emitWithAck<T = unknown>(event: string, data: unknown, timeoutMs: number): Promise<T>;
  close(): void;
}
