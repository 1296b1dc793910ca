import { createConnection, createServer, type Socket } from 'node:net';

export type DatabaseProxy = {
  /** The database's URL through the proxy. */
  url: string;
  /**
   * Takes the database away: every open connection is cut, and a new one is reset at once
   * (`refused`: the server is down) or accepted and never answered (`silent`: packets dropped on
   * the way, as a partitioned network does).
   */
  cut: (mode: 'refused' | 'silent') => void;
  /**
   * Takes the database away, as `cut('refused')`, at the moment it answers a statement: once a
   * connection has sent what `asked` matches, the first answer on it that `answered` matches is
   * dropped and everything is cut. The statement is done in the database, and its answer never
   * reaches the app. Resolves when that has happened.
   */
  cutAtAnswer: (asked: RegExp, answered: RegExp) => Promise<void>;
  /**
   * Counts, from now on, the messages connections send whose text `asked` matches (each match in a
   * chunk counts once): how often the app asks the database something.
   */
  count: (asked: RegExp) => () => number;
  /** Brings it back: connections made from now on reach the database. */
  restore: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP hop between the app and its PostgreSQL, at the network edge, that a test can cut: the
 * database going away as the app meets it, without stopping the server other tests share.
 */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let mode: 'up' | 'refused' | 'silent' = 'up';
  let trap: { asked: RegExp; answered: RegExp; sprung: () => void } | undefined;
  const counters: { asked: RegExp; n: number }[] = [];
  const cut = (how: 'refused' | 'silent') => {
    mode = how;
    for (const socket of open) socket.destroy();
  };
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (mode === 'refused') return client.resetAndDestroy();
    if (mode === 'silent') return;
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    // Forwarded by hand rather than piped, to read each statement and its answer, and only while
    // a trap is armed (bulk COPYs pass through here too). PostgreSQL's protocol ends each answer
    // with ReadyForQuery ('Z', length 5, a status byte).
    let sent = '';
    client.on('data', (chunk: Buffer) => {
      if (trap) sent += chunk.toString('latin1');
      for (const counter of counters) counter.n += chunk.toString('latin1').match(counter.asked)?.length ?? 0;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (trap?.asked.test(sent) && trap.answered.test(chunk.toString('latin1'))) {
        const { sprung } = trap;
        trap = undefined;
        cut('refused');
        return sprung();
      }
      const end = chunk.length - 6;
      if (end >= 0 && chunk[end] === 0x5a && chunk.readInt32BE(end + 1) === 5) sent = '';
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut,
    cutAtAnswer: (asked, answered) => new Promise<void>((sprung) => (trap = { asked, answered, sprung })),
    count: (asked) => {
      const counter = { asked: new RegExp(asked.source, `${asked.flags.replace('g', '')}g`), n: 0 };
      counters.push(counter);
      return () => counter.n;
    },
    restore: () => {
      mode = 'up';
      // Connections held unanswered end now; their clients connect again.
      for (const socket of open) socket.destroy();
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
