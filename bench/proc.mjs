// The server's processes (npm → sh → tsx → node src/main.ts, the deepest node descendant; with many processes,
// that primary and its cluster workers): CPU and memory from /proc, and stopping it; plus the percentile the
// benches report.
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

const childrenOf = (ppid) =>
  pids()
    .map(Number)
    .filter((d) => {
      try {
        return Number(statOf(d)[1]) === ppid;
      } catch {
        return false;
      }
    });

/** A node:cluster worker has NODE_UNIQUE_ID in its environment. */
const isClusterWorker = (pid) => {
  try {
    return fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .some((v) => v.startsWith('NODE_UNIQUE_ID='));
  } catch {
    return false;
  }
};

/**
 * Every process of the server below rootPid: the one server process, or the cluster's primary and its workers
 * (`WORKERS`), whose CPU and memory are summed.
 */
export function serverPids(rootPid) {
  const deepest = serverPid(rootPid);
  if (!isClusterWorker(deepest)) return [deepest];
  const primary = Number(statOf(deepest)[1]);
  return [primary, ...childrenOf(primary).filter(isNode)];
}

/** ms of CPU (user + system; with `reaped`, also of children that ended) from /proc's 10 ms ticks */
const cpuOf = (pid, reaped = false) => {
  const [user, system, childUser, childSystem] = statOf(pid).slice(11, 15).map(Number);
  return (user + system + (reaped ? childUser + childSystem : 0)) * 10;
};

/** CPU used so far, ms: the server (one pid or all of them); every local `postgres` process; this bench */
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
  const server = [pid].flat().reduce((sum, p) => sum + cpuOf(p, true), 0);
  return [server, postgres, (bench.user + bench.system) / 1000];
}

const rssKiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // a worker that ended meanwhile
  }
};
/** Resident memory of the server (summed over its processes), MiB */
export const rssMiB = (pid) => Math.round([pid].flat().reduce((sum, p) => sum + rssKiB(p), 0) / 1024);

/**
 * Stops the server (SIGTERM to its process group) and waits up to 15 s for all of it; SIGKILL after that. Then
 * removes the data folder its start made.
 */
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
  server.removeData();
}

/** The q-quantile of ascending numbers, rounded ms; '—' when there are none. */
export const pct = (sorted, q) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : '—';
