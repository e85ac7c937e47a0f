/**
 * A local server that stands for the chat services' webhooks and Mastodon: it records every post it reads, and
 * answers each path as told: at once (200, or 202 under /teams), never, too late, a byte at a time, with a refusal,
 * a 429 with `Retry-After: 0`, a 500 or a 301. Paths not told answer at once.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type Behaviour =
  /** Reads the post, never answers. */
  | 'hang'
  /** Takes the post (records it), answers 200 after `slowMs`. */
  | 'slow'
  /** Takes the post, answers 200 at once, then sends its body a byte every 50 ms, for ever. */
  | 'trickle-body'
  /** Reads the post, then sends its status line a byte every 50 ms, for ever. */
  | 'trickle-headers'
  /** 403, as a revoked webhook. */
  | 'refuse'
  /** 429 with `Retry-After: 0`. */
  | 'throttle'
  | 'error'
  | 'moved';

export interface Receiver {
  origin: string;
  received: Received[];
  /** Requests to each path, taken or not. */
  requests: string[];
  /** Answers `path` so, `times` times (for ever when omitted), then at once. */
  behave: (path: string, behaviour: Behaviour, times?: number) => void;
  reset: () => void;
  close: () => Promise<void>;
}

export async function startReceiver({ slowMs = 1_000 } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const requests: string[] = [];
  const rules = new Map<string, { behaviour: Behaviour; times: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const every = (ms: number, tick: () => void) => {
    const timer = setInterval(tick, ms);
    timers.add(timer);
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      requests.push(path);
      const rule = rules.get(path);
      const behaviour = rule && rule.times > 0 ? rule.behaviour : undefined;
      if (rule) rule.times -= 1;
      const take = () => received.push({ path, headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      switch (behaviour) {
        case 'hang':
          return;
        case 'slow': {
          take();
          const timer = setTimeout(() => res.writeHead(200).end('{}'), slowMs);
          timers.add(timer);
          return;
        }
        case 'trickle-body':
          take();
          res.writeHead(200, { 'content-type': 'application/json' });
          every(50, () => res.write(' '));
          return;
        case 'trickle-headers': {
          const line = 'HTTP/1.1 200 OK\r\nx-padding: ' + 'x'.repeat(10_000);
          let sent = 0;
          every(50, () => req.socket.write(line[sent++ % line.length]!));
          return;
        }
        case 'refuse':
          res.writeHead(403).end('{"message":"Unknown Webhook"}');
          return;
        case 'throttle':
          res.writeHead(429, { 'retry-after': '0' }).end('{"message":"You are being rate limited."}');
          return;
        case 'error':
          res.writeHead(500).end();
          return;
        case 'moved':
          res.writeHead(301, { location: 'https://evil.example/' }).end();
          return;
        default:
          take();
          res.writeHead(path.startsWith('/teams') ? 202 : 200, { 'content-type': 'application/json' }).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    requests,
    behave: (path, behaviour, times = Number.POSITIVE_INFINITY) => rules.set(path, { behaviour, times }),
    reset: () => {
      received.length = 0;
      requests.length = 0;
      rules.clear();
    },
    close: () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
