import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { unzipEntry } from '../../licensing/delimited-file-source.ts';
import type { ByteStream, HttpClient } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import { SAM_DOWNLOAD_PATH } from './request-sam-extract.ts';
import { type SamConfig, samApiUrl, samFailure } from './search-sam-exclusions.ts';

/** How often, and how far apart, the download is asked for while SAM generates the file. */
export type SamExtractPolling = { attempts: number; intervalMs: number; sleep?: (ms: number) => Promise<void> };

/**
 * Ten minutes: GSA publishes no generation time, and others' clients of this extract poll for 3–16
 * minutes. Each attempt is one request of the day's budget, so the cap also bounds what a slow day costs.
 */
export const SAM_EXTRACT_POLLING: SamExtractPolling = { attempts: 20, intervalMs: 30_000 };

export type SamExtractFile = { body: AsyncIterable<Uint8Array>; close(): void };

/**
 * Downloads the extract a token names, asking again while SAM is still generating it. SAM answers
 * HTTP 400 alike for "Extract File Generation is Still in Progress", "Requested File is Expired" and
 * "Extract File Not Found" (GSA's list of 400 messages; the body is not read here), and others have
 * seen a JSON body answered with 200 while the file is being made: both are asked again, until the
 * attempts run out. The file comes as CSV, gzip or ZIP (clients in the evidence met both
 * compressions); the body given back is the CSV's bytes.
 */
export async function downloadSamExtract(
  http: HttpClient,
  config: SamConfig,
  token: string,
  polling: SamExtractPolling = SAM_EXTRACT_POLLING,
): Promise<SamExtractFile> {
  const sleep = polling.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = samApiUrl(config.baseUrl, SAM_DOWNLOAD_PATH);
  url.searchParams.set('api_key', config.apiKey);
  url.searchParams.set('token', token);
  for (let attempt = 1; attempt <= polling.attempts; attempt++) {
    // The file is never ready the moment it is asked for.
    await sleep(polling.intervalMs);
    await config.spend?.();
    const opened = await http.stream(url.toString());
    if (!opened.ok) {
      if (opened.error.status === 400) continue;
      throw new SourceError(samFailure(opened.error, config.apiKey));
    }
    if (/json/i.test(opened.value.contentType ?? '')) {
      opened.value.close();
      continue;
    }
    return { body: csvBytes(opened.value), close: () => opened.value.close() };
  }
  throw new SourceError({
    kind: 'unavailable',
    message: `SAM.gov's exclusions extract was not ready after ${polling.attempts} attempts (HTTP 400: still generating, expired or not found)`,
  });
}

const GZIP = [0x1f, 0x8b];
const ZIP = [0x50, 0x4b];

/** The CSV inside the download, by its first bytes rather than its (undocumented) content type. */
async function* csvBytes(stream: ByteStream): AsyncGenerator<Uint8Array, void, undefined> {
  const chunks = stream.body[Symbol.asyncIterator]();
  let head = new Uint8Array(0);
  let done = false;
  while (head.length < 2 && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else head = Buffer.concat([head, next.value]);
  }
  async function* whole(): AsyncGenerator<Uint8Array, void, undefined> {
    if (head.length > 0) yield head;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const starts = (magic: number[]) => magic.every((byte, i) => head[i] === byte);
  if (starts(GZIP)) {
    const gunzip = createGunzip();
    const source = Readable.from(whole());
    // pipe() does not pass a failed download on: without this the reader would wait forever.
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } else if (starts(ZIP)) yield* unzipEntry(whole());
  else yield* whole();
}
