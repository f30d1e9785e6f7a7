/**
 * The logger's output for `LOG_FORMAT` (config.ts: pretty when stdout is a terminal, JSON
 * otherwise). Pretty lines come from pino-pretty, which pino loads in its transport worker
 * thread only in that case: `12:04:31 INFO: Carbonwise is serving at http://localhost:3000`.
 * JSON needs no transport: pino writes its lines itself, as fast as before.
 */
export function logTransport(format: 'pretty' | 'json'): { transport?: { target: string; options: Record<string, unknown> } } {
  if (format !== 'pretty') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'SYS:HH:MM:ss',
        // The same on every line of a process; the start-up line's `modes` repeat its message.
        // The request id stays.
        ignore: 'pid,hostname,modes',
        // One line per event: the start-up lines say what they mean in their message.
        singleLine: true,
      },
    },
  };
}
