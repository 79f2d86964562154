// npm run bench:smoke (part of npm test, after the build) — every bench of bench/package.json in its smoke mode
// (BENCH_SMOKE=1, bench/smoke-mode.mjs), one after another, so a change that breaks a bench fails the tests. A
// bench passes by exiting 0 and leaving no process behind; no figure is judged. `node bench/smoke.mjs orders web`
// runs only those.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bench package's scripts this runner leaves out, and why. */
const ELSEWHERE = { size: 'npm test runs it as test:size', smoke: 'this runner' };
// a hang guard, not a budget: on a busy machine a bench may take long, and only one stuck for good should fail
const HANG_MS = 5 * 60_000;
const LEFTOVER_GRACE_MS = 10_000;

const { scripts } = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in scripts));
if (unknown.length) {
  console.error(
    `no such bench: ${unknown.join(', ')} (bench/package.json has ${Object.keys(scripts).join(', ')})`,
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(here, '../apps/web/dist/index.html'))) {
  console.error('bench:smoke needs the built app: npm run build first');
  process.exit(2);
}
const benches = chosen.length ? chosen : Object.keys(scripts).filter((name) => !(name in ELSEWHERE));

/**
 * The processes whose environment carries the bench run's tag: its servers and browsers inherit it, even those
 * started in a process group of their own.
 */
function tagged(tag) {
  const entry = `BENCH_SMOKE_RUN=${tag}`;
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry))
        found.push({ pid: Number(pid), comm: fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() });
    } catch {
      /* gone meanwhile, or not ours */
    }
  }
  return found;
}

const kill = (pid) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* ended meanwhile */
  }
};

/** Gives a bench's stopping servers and browsers their last moments, then kills what is left and names it. */
async function leftovers(tag) {
  const until = Date.now() + LEFTOVER_GRACE_MS;
  while (tagged(tag).length && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  const left = tagged(tag);
  for (const { pid } of left) kill(pid);
  return left.map(({ pid, comm }) => `${comm} ${pid}`);
}

let running = null;
// the bench has a process group of its own, so an interrupt of this runner must be passed on
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    if (running) {
      kill(-running.child.pid);
      for (const { pid } of tagged(running.tag)) kill(pid);
    }
    process.exit(1);
  });

async function runBench(name) {
  const tag = `${process.pid}-${name}`;
  console.log(`\n── bench:${name} (smoke) ──`);
  const start = performance.now();
  const child = spawn('npm', ['run', name], {
    cwd: here,
    env: { ...process.env, BENCH_SMOKE: '1', BENCH_SMOKE_RUN: tag },
    stdio: 'inherit',
    detached: true, // a process group of its own, so the hang guard stops npm, the shell and the bench together
  });
  running = { child, tag };
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    kill(-child.pid);
  }, HANG_MS);
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
  clearTimeout(guard);
  const left = await leftovers(tag);
  running = null;
  const problems = [
    hung ? `still running after ${HANG_MS / 60_000} min` : code !== 0 && `exit ${code}`,
    left.length > 0 && `left behind: ${left.join(', ')}`,
  ].filter(Boolean);
  return { name, seconds: (performance.now() - start) / 1000, problems };
}

const started = performance.now();
const results = [];
for (const name of benches) results.push(await runBench(name));

const total = Math.round((performance.now() - started) / 1000);
console.log(`\nbench:smoke, ${results.length} benches in ${total} s:`);
for (const r of results) {
  const seconds = `${Math.round(r.seconds)} s`.padStart(6);
  console.log(
    `  ${r.problems.length ? 'FAIL' : 'pass'}  ${r.name.padEnd(14)}${seconds}  ${r.problems.join('; ')}`,
  );
}
if (!chosen.length) for (const [name, why] of Object.entries(ELSEWHERE)) console.log(`  (${name}: ${why})`);
if (results.some((r) => r.problems.length)) process.exitCode = 1;
