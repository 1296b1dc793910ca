import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/** Writes `<path>.gz` and `<path>.br` at maximum compression, unless the file is too small to gain. */
export function compressFile(path: string) {
  const source = readFileSync(path);
  // Small files are left alone: the headers would outweigh the saving.
  if (source.length < 1024) return;
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Writes a .br and a .gz beside every text file of the build, once, at maximum compression, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'licensewatch-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle: (_options, bundle) => {
      for (const fileName of Object.keys(bundle)) {
        if (COMPRESSIBLE.test(fileName)) compressFile(join(outDir, fileName));
      }
    },
  };
}
