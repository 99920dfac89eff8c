// The transport ceiling: a bare Socket.IO server that acknowledges the same messages without
// authentication or a database (and answers the REST submission the same way).
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/api/submissions') return void res.writeHead(404).end();
  req.resume();
  req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true })));
});
// The real server's heartbeat, handed over by the bench (server/src/realtime/heartbeat.ts): each ping
// is a frame written and a pong read per socket, a thousand of each a second at 10,000 sockets.
const io = new Server(http, {
  transports: ['websocket'],
  serveClient: false,
  pingInterval: Number(process.env.PING_INTERVAL_MS),
  pingTimeout: Number(process.env.PING_TIMEOUT_MS),
});
io.on('connection', (socket) => {
  socket.on('attempt:join', (p, ack) => ack?.({ ok: true, data: { attemptId: p?.attemptId, status: 'in_progress', answers: {}, seqs: {} } }));
  socket.on('answer:save', (p, ack) => ack?.({ ok: true, savedAt: new Date().toISOString() }));
  socket.on('violation', (p, ack) => ack?.({ ok: true, counts: { tabSwitches: 0, fullscreenExits: 0 }, submitted: false }));
  socket.on('attempt:submit', (p, ack) => ack?.({ ok: true, submissionId: p?.attemptId, reason: 'student' }));
});
http.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
