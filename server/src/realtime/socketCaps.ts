import type { Socket } from 'socket.io';
import { HANDSHAKE_ERRORS, SESSION_MSG } from '@exam/shared';
import { translateMessage } from '../i18n/translator';
import type { SocketData } from './socketData';

/**
 * How many authenticated sockets this node holds per person and per client address. One token
 * could otherwise hold a thousand sockets (each costs memory and a share of every broadcast);
 * the address cap is high because a school's NAT puts a whole hall behind one address. Counts are
 * per node: with N nodes behind the proxy a person may hold up to N times the cap.
 */
export class SocketCaps {
  private readonly users = new Map<string, number>();
  private readonly addresses = new Map<string, number>();

  constructor(private readonly caps: { perUser: number; perAddress: number }) {}

  /** Checked before the session is, so a full address costs no database lookup. */
  addressFull(address: string): boolean {
    return (this.addresses.get(address) ?? 0) >= this.caps.perAddress;
  }

  /** Takes a place for the socket, or says which cap is full. Synchronous: no two handshakes take the last place. */
  take(socket: Socket, userId: string, address: string): 'user' | 'address' | undefined {
    const mine = this.users.get(userId) ?? 0;
    if (mine >= this.caps.perUser) return 'user';
    const fromAddress = this.addresses.get(address) ?? 0;
    if (fromAddress >= this.caps.perAddress) return 'address';
    this.users.set(userId, mine + 1);
    this.addresses.set(address, fromAddress + 1);
    (socket.data as SocketData).counted = address;
    return undefined;
  }

  /** Gives the socket's place back; once only, whichever of disconnect or a failed connect comes first. */
  release(socket: Socket): void {
    const data = socket.data as SocketData;
    const address = data.counted;
    if (address === undefined) return;
    data.counted = undefined;
    decrement(this.users, data.auth.user.id);
    decrement(this.addresses, address);
  }

  /** Sockets held now (for tests and health). */
  held(): { users: number; addresses: number; sockets: number } {
    let sockets = 0;
    for (const n of this.users.values()) sockets += n;
    return { users: this.users.size, addresses: this.addresses.size, sockets };
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/** The handshake's refusal: a stable message for the client's logic, and a text for the person. */
export function capRefusal(full: 'user' | 'address', language: string | undefined): Error {
  const user = full === 'user';
  const err = new Error(user ? HANDSHAKE_ERRORS.tooManyConnections : HANDSHAKE_ERRORS.networkBusy) as Error & { data?: unknown };
  err.data = {
    code: user ? 'too-many-connections' : 'network-busy',
    message: translateMessage(language, user ? SESSION_MSG.tooManyConnections : SESSION_MSG.networkBusy),
  };
  return err;
}
