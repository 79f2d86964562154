import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * A browser-like reader of a server-sent event stream on a listening app: events queue up as they arrive and
 * `next()` waits for the next one. `ended` resolves when the server closes the stream.
 */
export function readEvents(url: string) {
  const queued: SseEvent[] = [];
  const waiting: ((e: SseEvent) => void)[] = [];
  let status = 0;
  let request: http.ClientRequest | undefined;
  let markOpen: () => void = () => {};
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  const ended = new Promise<void>((resolveEnd, rejectEnd) => {
    request = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      status = res.statusCode ?? 0;
      markOpen();
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const e = { event, data: JSON.parse(data) as unknown };
          const w = waiting.shift();
          if (w) w(e);
          else queued.push(e);
        }
      });
      res.on('end', () => resolveEnd());
    });
    request.on('error', rejectEnd);
  });
  return {
    status: () => status,
    /** the server has answered: it subscribes before it answers, so nothing published after this is missed */
    opened,
    ended,
    next(timeoutMs = 10_000): Promise<SseEvent> {
      const e = queued.shift();
      if (e) return Promise.resolve(e);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no event from ${url} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push((ev) => {
          clearTimeout(timer);
          resolve(ev);
        });
      });
    },
    close: () => request?.destroy(),
  };
}
