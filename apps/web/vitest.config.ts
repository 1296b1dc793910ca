import { defineConfig } from 'vitest/config';

// Pure-function tests only (no DOM), so the fast node environment is enough.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
