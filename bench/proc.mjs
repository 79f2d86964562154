// The server process (npm → sh → tsx → node src/main.ts, the deepest node descendant): CPU and memory from /proc,
// and stopping it; plus the percentile the benches report.
import fs from 'node:fs';

const pids = () => fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
const statOf = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
};

const isNode = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8') === 'node\n';
  } catch {
    return false;
  }
};

/**
 * The deepest `node` process below rootPid. Not simply the deepest process: tsx may start an esbuild service
 * under the server (seen on a development server), which would then be measured instead.
 */
export function serverPid(rootPid) {
  const children = new Map();
  for (const d of pids()) {
    try {
      const ppid = Number(statOf(d)[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let pid = rootPid;
  let server = rootPid;
  while (children.get(pid)?.length) {
    pid = children.get(pid).find(isNode) ?? children.get(pid).at(-1);
    if (isNode(pid)) server = pid;
  }
  return server;
}

/** ms of CPU (user + system; with `reaped`, also of children that ended) from /proc's 10 ms ticks */
const cpuOf = (pid, reaped = false) => {
  const [user, system, childUser, childSystem] = statOf(pid).slice(11, 15).map(Number);
  return (user + system + (reaped ? childUser + childSystem : 0)) * 10;
};

/** CPU used so far, ms: the server; every local `postgres` process (all its databases); this bench */
export function cpuNow(pid) {
  let postgres = 0;
  for (const d of pids()) {
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8') === 'postgres\n') postgres += cpuOf(d, true);
    } catch {
      /* gone meanwhile */
    }
  }
  const bench = process.cpuUsage();
  return [cpuOf(pid), postgres, (bench.user + bench.system) / 1000];
}

export const rssMiB = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** Stops the server (SIGTERM to its process group) and waits up to 15 s for all of it; SIGKILL after that. */
export async function stopAndWait(server) {
  const alive = () => {
    try {
      return process.kill(-server.pid, 0); // anyone left in the server's process group
    } catch {
      return false;
    }
  };
  server.stop();
  for (let i = 0; i < 150 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(-server.pid, 'SIGKILL');
}

/** The q-quantile of ascending numbers, rounded ms; '—' when there are none. */
export const pct = (sorted, q) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : '—';
