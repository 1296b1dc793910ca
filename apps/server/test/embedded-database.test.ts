import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, startEmbeddedDatabase } from '../src/platform/db/embedded-database.ts';

// Always the embedded database, whatever TEST_DATABASE_URL says: this is about PGlite's socket.
let database: OpenedDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await startEmbeddedDatabase(null);
  pool = new pg.Pool({ connectionString: database.url, max: 8 });
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await database?.close();
});

describe('the embedded database', () => {
  it("keeps concurrent connections' parameterised queries and transactions apart", async () => {
    const wrong: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let i = 0; i < 60; i++) {
          if (lane % 3 === 0) {
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              const { rows } = await client.query('SELECT $1::int * 2 AS n', [i]);
              if (rows[0]?.n !== i * 2) wrong.push(`lane ${lane}: ${JSON.stringify(rows)}`);
              await client.query('COMMIT');
            } finally {
              client.release();
            }
          } else {
            const { rows } = await pool.query('SELECT $1::text AS s, $2::int AS lane', [String(i), lane]);
            if (rows[0]?.s !== String(i) || rows[0]?.lane !== lane) wrong.push(`lane ${lane}: ${JSON.stringify(rows)}`);
          }
        }
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('rolls back the transaction of a connection that goes away and lets the others carry on', async () => {
    await pool.query('CREATE TABLE dropped_mid_transaction (n int)');
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => {});
    await client.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO dropped_mid_transaction VALUES (1)');
    const waiting = pool.query('SELECT count(*)::int AS n FROM dropped_mid_transaction');
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    expect((await waiting).rows).toEqual([{ n: 0 }]);
  });

  it('gives each connection its own prepared-statement names, as PostgreSQL gives each session', async () => {
    // pg prepares a named query once per connection; PGlite is one session behind every connection.
    const wrong: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let i = 0; i < 20; i++) {
          const text = lane % 2 ? 'SELECT $1::int + 1000 AS n' : 'SELECT $1::int AS n';
          const { rows } = await pool.query({ name: `same-name-${lane % 2}`, text, values: [i] });
          if (rows[0]?.n !== (lane % 2 ? i + 1000 : i)) wrong.push(`lane ${lane}: ${JSON.stringify(rows)}`);
        }
        // Both texts under one name, on different connections of the pool.
        const client = await pool.connect();
        try {
          const { rows } = await client.query({ name: 'shared', text: `SELECT ${lane} AS lane`, values: [] });
          if (rows[0]?.lane !== lane) wrong.push(`lane ${lane} shared: ${JSON.stringify(rows)}`);
        } finally {
          client.release(true);
        }
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("forgets a closed connection's prepared statements", async () => {
    const count = async () =>
      (await pool.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'short-lived%'")).rows[0]
        ?.n;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query({ name: 'short-lived', text: 'SELECT 1 AS one', values: [] });
    expect(await count()).toBe(1);
    await client.end();
    await expect.poll(count, { timeout: 5_000 }).toBe(0);
  });
});

describe("the embedded database's notifications", () => {
  it('reach every connection that LISTENs, whichever connection sent them, as on PostgreSQL', async () => {
    const listening = new pg.Client({ connectionString: database.url });
    const alsoListening = new pg.Client({ connectionString: database.url });
    await listening.connect();
    await alsoListening.connect();
    const heard: string[] = [];
    listening.on('notification', (n) => heard.push(`first ${n.channel} ${n.payload}`));
    alsoListening.on('notification', (n) => heard.push(`second ${n.channel} ${n.payload}`));
    try {
      await listening.query('LISTEN wake_up');
      await alsoListening.query('LISTEN wake_up');
      await pool.query("SELECT pg_notify('wake_up', 'from the pool')");
      // In a transaction, with a result of many rows around it: the message is found whatever the
      // chunks it streams in.
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT repeat('x', 1000) FROM generate_series(1, 500)");
        await client.query("SELECT pg_notify('wake_up', 'at commit')");
        await client.query("SELECT repeat('y', 1000) FROM generate_series(1, 500)");
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await expect
        .poll(() => [...heard].sort())
        .toEqual([
          'first wake_up at commit',
          'first wake_up from the pool',
          'second wake_up at commit',
          'second wake_up from the pool',
        ]);
      // The connections that heard go on answering their own queries.
      expect((await listening.query('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
      expect((await alsoListening.query("SELECT 'still' AS s")).rows).toEqual([{ s: 'still' }]);
    } finally {
      await listening.end();
      await alsoListening.end();
    }
  });
});

describe("the embedded database's buffer cache", () => {
  it("is PostgreSQL's default unless a smaller one is asked for, as each test file's database asks", async () => {
    expect((await pool.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '128MB' }]);
    const small = await startEmbeddedDatabase(null, { sharedBuffers: '16MB' });
    const client = new pg.Client({ connectionString: small.url });
    try {
      await client.connect();
      expect((await client.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await client.end();
      await small.close();
    }
  });
});
