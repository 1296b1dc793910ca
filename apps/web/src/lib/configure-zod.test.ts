import { describe, expect, it } from 'vitest';
import './configure-zod';

describe('configure-zod', () => {
  it('switches zod to jitless parsing without importing zod first', async () => {
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // Parsing still works without the compiled fast path.
    expect(z.object({ name: z.string() }).parse({ name: 'Ada', extra: 1 })).toEqual({ name: 'Ada' });
  });
});
