import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM_PATH, findChromium } from './find-chromium.ts';

const dir = mkdtempSync(join(tmpdir(), 'lw-chromium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it names an executable', () => {
    const path = join(dir, 'chromium');
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, 0o755);
    expect(findChromium((name) => (name === 'CHROMIUM_PATH' ? path : undefined))).toEqual({ path, installed: true });
  });

  it('says none is installed when the file is missing or cannot be run', () => {
    expect(findChromium(() => join(dir, 'missing'))).toEqual({ path: join(dir, 'missing'), installed: false });
    const plain = join(dir, 'not-executable');
    writeFileSync(plain, '');
    chmodSync(plain, 0o644);
    expect(findChromium(() => plain).installed).toBe(false);
  });

  it("falls back to Debian's path when the variable is unset or blank", () => {
    expect(findChromium(() => undefined).path).toBe(DEFAULT_CHROMIUM_PATH);
    expect(findChromium(() => '  ').path).toBe(DEFAULT_CHROMIUM_PATH);
  });
});
