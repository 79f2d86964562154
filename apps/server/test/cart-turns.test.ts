import { describe, expect, it } from 'vitest';
import { TurnTimeout, Turns } from '../src/modules/cart/turns.ts';

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('Turns: one write at a time per cart in a process', () => {
  it('runs the writes of one key one after the other, in arrival order, and forgets the key after', async () => {
    const turns = new Turns(10_000);
    const order: string[] = [];
    let running = 0;
    const work = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      await Promise.resolve();
      order.push(name);
      running -= 1;
      return name;
    };
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((n) => turns.run('cart', work(n))));
    expect(answers).toEqual(['a', 'b', 'c', 'd']);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.size).toBe(0);
  });

  it('lets other keys through, and up to `capacity` runs of one key at once', async () => {
    const turns = new Turns(10_000, 2);
    const first = gate();
    const held = turns.run('k', () => first.opened);
    const second = turns.run('k', () => Promise.resolve('second'));
    expect(await second).toBe('second');
    expect(await new Turns(10_000).run('other', () => Promise.resolve('other'))).toBe('other');
    first.open();
    await held;
    expect(turns.size).toBe(0);
  });

  it('gives up on a write that waits too long, without disturbing the queue', async () => {
    const turns = new Turns(50);
    const first = gate();
    const held = turns.run('cart', () => first.opened);
    await expect(turns.run('cart', () => Promise.resolve('late'))).rejects.toBeInstanceOf(TurnTimeout);
    first.open();
    await held;
    expect(await turns.run('cart', () => Promise.resolve('next'))).toBe('next');
    expect(turns.size).toBe(0);
  });

  it('passes the turn on when a write fails', async () => {
    const turns = new Turns(10_000);
    const failing = turns.run('cart', () => Promise.reject(new Error('refused')));
    const next = turns.run('cart', () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('next');
    expect(turns.size).toBe(0);
  });
});
