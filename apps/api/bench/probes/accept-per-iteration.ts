/**
 * How many new connections Node's HTTP server accepts per event-loop iteration when they all
 * arrive at once (docs/speed-writes.md, "one connection accepted per loop iteration").
 *
 *   node --import tsx apps/api/bench/probes/accept-per-iteration.ts [connections] [handlerMs] [loop]
 *
 * The server spends `handlerMs` of CPU on each request, like an API route. A child process opens
 * `connections` connections at once and sends one request on each; with `loop`, each connection
 * whose answer is in sends again at once until every connection has had its first answer, as the
 * bench's load generator does at the start of a round. After each accepted connection
 * the server schedules a `setImmediate`, which runs once the loop's poll phase is over; so two
 * connections accepted in one iteration would share a number. Prints the distinct iterations the
 * connections were accepted in, and each first request's time from the client's side.
 */
import http from 'node:http';
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const connections = Number(process.argv[2] ?? 50);
const handlerMs = Number(process.argv[3] ?? 2);
const loop = process.argv[4] === 'loop';

async function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: '127.0.0.1', port, agent, path: '/' }, (response) => {
          response.resume();
          response.on('end', () => resolve(performance.now() - started));
        })
        .on('error', reject);
    });
  let waiting = connections;
  const one = async () => {
    const first = await send();
    waiting -= 1;
    // Keep this connection busy while others still wait for their first answer.
    while (loop && waiting > 0) await send();
    return first;
  };
  const times = (await Promise.all(Array.from({ length: connections }, one))).sort((a, b) => a - b);
  agent.destroy();
  process.send!({ fastest: times[0], median: times[Math.floor(times.length / 2)], slowest: times.at(-1) });
}

async function server() {
  let iteration = 0;
  const acceptedIn: number[] = [];
  const busy = http.createServer((_request, response) => {
    const until = performance.now() + handlerMs;
    while (performance.now() < until);
    response.end('ok');
  });
  busy.on('connection', () => {
    acceptedIn.push(iteration);
    setImmediate(() => (iteration += 1));
  });
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const child = fork(fileURLToPath(import.meta.url), [String(connections), String(handlerMs), loop ? 'loop' : 'once', 'client', String((busy.address() as AddressInfo).port)], { execArgv: process.execArgv });
  const times = await new Promise<{ fastest: number; median: number; slowest: number }>((resolve) => child.once('message', resolve as never));
  busy.close();
  const iterations = new Set(acceptedIn).size;
  console.log(`${connections} connections at once${loop ? ', each looping until all are answered' : ''}, ${handlerMs} ms of CPU per request, Node ${process.version} (libuv ${process.versions.uv})`);
  console.log(`accepted in ${iterations} loop iterations (${(connections / iterations).toFixed(1)} per iteration)`);
  console.log(`first requests, client side: fastest ${times.fastest.toFixed(0)} ms, median ${times.median.toFixed(0)} ms, slowest ${times.slowest.toFixed(0)} ms`);
}

if (process.argv[5] === 'client') await client(Number(process.argv[6]));
else await server();
