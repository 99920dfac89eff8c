// The transport ceiling: a bare Socket.IO server that acknowledges the same messages without
// authentication or a database.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('attempt:join', (p, ack) => ack?.({ ok: true, data: { attemptId: p?.attemptId, status: 'in_progress', answers: {}, seqs: {} } }));
  socket.on('answer:save', (p, ack) => ack?.({ ok: true, savedAt: new Date().toISOString() }));
  socket.on('violation', (p, ack) => ack?.({ ok: true, counts: { tabSwitches: 0, fullscreenExits: 0 }, submitted: false }));
});
http.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
