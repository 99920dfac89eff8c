import { HANDSHAKE_ERRORS } from '@exam/shared';
import { z } from 'zod';
import { ACK_CODES, CLIENT_EVENTS, ROOMS, SERVER_EVENTS, type ClientEvent, type RoomKey } from './events';

/** Draft-07, which the AsyncAPI Schema format (the default for payloads) is a superset of. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-07' }) as Record<string, unknown>;
  return rest;
}

/** A client event's payload schema, with the table's notes on fields the shared schema leaves bare. */
export function payloadSchema(e: ClientEvent): Record<string, unknown> {
  const schema = jsonSchema(e.payload, 'input') as { properties?: Record<string, Record<string, unknown>> };
  for (const [field, note] of Object.entries(e.fields ?? {})) {
    const prop = schema.properties?.[field];
    if (!prop) throw new Error(`${e.name}: no field ${field} to describe`);
    prop.description ??= note;
  }
  return schema;
}

/** 'attempt:join' → 'attemptJoin': ids AsyncAPI accepts. */
export const camel = (name: string) => name.replace(/[:-](\w)/g, (_, c: string) => c.toUpperCase());

/** The acknowledgement of a client event: `{ ok: true, ...data }` or the one failure shape. */
function ackSchema(e: ClientEvent): Record<string, unknown> {
  const data = jsonSchema(e.ack, 'output') as { properties?: Record<string, unknown>; required?: string[] };
  const codes = Object.keys(e.errors);
  return {
    oneOf: [
      {
        type: 'object',
        required: ['ok', ...(data.required ?? [])],
        properties: { ok: { const: true }, ...(data.properties ?? {}) },
      },
      {
        type: 'object',
        required: ['ok', 'code', 'message'],
        properties: {
          ok: { const: false },
          code: { enum: codes, description: codes.map((c) => `${c}: ${e.errors[c as keyof typeof ACK_CODES]}`).join('\n') },
          message: { type: 'string', description: 'A sentence to show the user' },
        },
      },
    ],
  };
}

const channelId = (room: RoomKey) => `room.${room}`;

interface Channel {
  address: string | null;
  title: string;
  description: string;
  parameters?: Record<string, { description: string }>;
  messages: Record<string, { $ref: string }>;
}

/** An AsyncAPI 3.0 document of the live protocol, described from the server's side. */
export function buildAsyncApi(): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  const channels: Record<string, Channel> = {
    client: {
      address: '/',
      title: 'Events a client sends',
      description: 'The default namespace, reached by a signed-in socket. Every event is sent with an acknowledgement callback.',
      messages: {},
    },
    ack: {
      address: null,
      title: 'Acknowledgements',
      description: "The reply to the emitting socket's acknowledgement callback (Socket.IO `emitWithAck`).",
      messages: {},
    },
  };
  for (const [key, room] of Object.entries(ROOMS)) {
    channels[channelId(key as RoomKey)] = {
      address: room.address,
      title: `Room ${room.address}`,
      description: room.members,
      ...(room.param ? { parameters: { [room.param]: { description: room.param === 'socketId' ? 'A Socket.IO socket id' : 'A uuid' } } } : {}),
      messages: {},
    };
  }
  const operations: Record<string, unknown> = {};

  for (const e of CLIENT_EVENTS) {
    const id = `client.${camel(e.name)}`;
    const ackId = `ack.${camel(e.name)}`;
    messages[id] = { name: e.name, title: e.name, summary: e.summary, payload: payloadSchema(e) };
    messages[ackId] = { name: e.name, title: `${e.name} acknowledgement`, payload: ackSchema(e) };
    channels.client!.messages[id] = { $ref: `#/components/messages/${id}` };
    channels.ack!.messages[ackId] = { $ref: `#/components/messages/${ackId}` };
    operations[`receive.${camel(e.name)}`] = {
      action: 'receive',
      title: e.name,
      summary: `From: ${e.from}`,
      description: e.summary,
      channel: { $ref: '#/channels/client' },
      messages: [{ $ref: `#/channels/client/messages/${id}` }],
      reply: { channel: { $ref: '#/channels/ack' }, messages: [{ $ref: `#/channels/ack/messages/${ackId}` }] },
    };
  }
  for (const e of SERVER_EVENTS) {
    const id = `server.${camel(e.name)}`;
    messages[id] = { name: e.name, title: e.name, summary: e.summary, payload: jsonSchema(e.payload, 'output') };
    for (const room of e.rooms) {
      channels[channelId(room)]!.messages[id] = { $ref: `#/components/messages/${id}` };
      operations[`send.${camel(e.name)}.${room}`] = {
        action: 'send',
        title: e.name,
        description: e.summary,
        channel: { $ref: `#/channels/${channelId(room)}` },
        messages: [{ $ref: `#/channels/${channelId(room)}/messages/${id}` }],
      };
    }
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Exam platform live protocol',
      version: '1.0.0',
      description:
        `Socket.IO 4 on the same port as the REST API, path \`/socket.io\`. Connect with the access token from \`POST /api/auth/login\` in \`auth.token\`; a missing or bad token, or an ended session, is refused at connect with the error "${HANDSHAKE_ERRORS.unauthorized}", a handshake the server could not check (its database is down) with "${HANDSHAKE_ERRORS.unavailable}", which clients retry, and one past a cap of sockets per person or per client address with "${HANDSHAKE_ERRORS.tooManyConnections}" or "${HANDSHAKE_ERRORS.networkBusy}" (with a translated \`data.message\`). Node-to-node messages (Socket.IO serverSideEmit) are not part of this protocol and not listed. Generated by \`scripts/docs-protocol.ts\`; the readable page is docs/live-protocol.md.`,
    },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: 'localhost:3000',
        protocol: 'ws',
        pathname: '/socket.io',
        description: 'Socket.IO (Engine.IO 4) over WebSocket only (long polling is refused).',
        security: [{ $ref: '#/components/securitySchemes/accessToken' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Sent as `auth: { token }` in the Socket.IO handshake, not as a header.' },
      },
    },
  };
}
