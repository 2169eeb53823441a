import { connect } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A minimal WebSocket-to-TCP proxy, the local stand-in for Neon's WebSocket
 * endpoint: each WebSocket connection (path `/v1?address=host:port`) is piped
 * byte for byte to that Postgres server. Plain ws://, loopback only.
 */
export async function startNeonProxy(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (ws, request) => {
    const address = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host, port] = address.split(':');
    const socket = connect({ host: host || '127.0.0.1', port: Number(port) || 5432 });
    ws.on('message', (data: Buffer) => socket.write(data));
    socket.on('data', (data) => ws.send(data));
    ws.on('close', () => socket.end());
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    ws.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.on('listening', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
