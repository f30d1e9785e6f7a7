import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common platform. */
const MS_PER_TICK = 10;

/**
 * CPU time (ms) the PostgreSQL server on this machine has used so far: every live `postgres`
 * process (backends, WAL writer, checkpointer, autovacuum) plus what the postmaster has collected
 * from backends that have exited, so connections closed between two readings still count.
 * Undefined where /proc cannot be read or no PostgreSQL runs here (a remote database).
 * Two readings around a loop say how much database CPU each order cost, which is what decides
 * the orders/s when the machine's cores are shared by the API, the database and the load.
 */
export function postgresCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const processes = new Map<number, { ppid: number; own: number; reaped: number }>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== 'postgres') continue;
    // After "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const fields = stat.slice(close + 2).split(' ');
    processes.set(Number(entry), {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK,
      reaped: (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK,
    });
  }
  if (processes.size === 0) return undefined;
  let total = 0;
  for (const process of processes.values()) {
    total += process.own;
    // The postmaster (its parent is not a postgres process) holds the times of exited backends.
    if (!processes.has(process.ppid)) total += process.reaped;
  }
  return total;
}

/** This process's own CPU time so far (ms): the load generator's share of the machine. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
