/** Thrown to a write that waited `waitMs` without getting its turn. */
export class TurnTimeout extends Error {
  constructor() {
    super('cart turn timed out');
  }
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}
interface Line {
  running: number;
  waiters: Waiter[];
}

/**
 * At most `capacity` runs at a time per key in this process, first come first served. With the default capacity of
 * one per cart id, writes to one cart that arrive together queue here in memory instead of all reading the same
 * version and all but one losing (decision 006): the queue holds no database connection, and a write that finds
 * no queue goes straight on.
 */
export class Turns {
  private readonly lines = new Map<string, Line>();

  constructor(
    private readonly waitMs: number,
    private readonly capacity = 1,
  ) {}

  /** Runs `work` when a turn of `key` is free; TurnTimeout after waiting `waitMs` for one. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let line = this.lines.get(key);
    if (!line) {
      line = { running: 0, waiters: [] };
      this.lines.set(key, line);
    }
    if (line.running < this.capacity) line.running += 1;
    // the turn is handed over still counted as running, so nobody arriving meanwhile can overtake
    else await this.wait(line);
    try {
      return await work();
    } finally {
      this.next(key, line);
    }
  }

  private wait(line: Line): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          line.waiters.splice(line.waiters.indexOf(waiter), 1);
          reject(new TurnTimeout());
        }, this.waitMs),
      };
      line.waiters.push(waiter);
    });
  }

  /** Hands the turn to the next waiter, or frees it; a key nobody runs or waits for is forgotten. */
  private next(key: string, line: Line): void {
    const waiter = line.waiters.shift();
    if (waiter) return waiter.start();
    line.running -= 1;
    if (line.running === 0) this.lines.delete(key);
  }

  /** Keys with a run going or waiting (tests check that nothing is left behind). */
  get size(): number {
    return this.lines.size;
  }
}
