// Preloaded into `npm run serve` by `npm run bench` (node --import): counts SQL statements and server CPU time on 127.0.0.1:BENCH_COUNTER_PORT.
import { createServer } from 'node:http';

type Listener = (query: string, params: unknown[]) => void;
const listeners = ((globalThis as { __kiaQueryListeners?: Set<Listener> }).__kiaQueryListeners ??= new Set<Listener>());
let statements = 0;
listeners.add(() => {
  statements++;
});

const port = Number(process.env.BENCH_COUNTER_PORT);
if (port) {
  createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const cpu = process.cpuUsage();
    res.end(JSON.stringify({ statements, cpuMicros: cpu.user + cpu.system }));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
