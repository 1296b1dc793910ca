import type { ByteStream, HttpClient } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import { SAM_ACCEPT, SAM_EXCLUSIONS_PATH, type SamConfig, samApiUrl, samFailure } from './search-sam-exclusions.ts';

/** Where an extract is downloaded, with the token its request answered. */
export const SAM_DOWNLOAD_PATH = '/entity-information/v4/download-exclusions';

// The answer is one sentence ("Extract File will be available for download with url: …&token=… in
// some time."), as text or inside a JSON `message`; a few kilobytes at most.
const ANSWER_LIMIT = 64 * 1024;
const TOKEN = /[?&]token=([A-Za-z0-9_-]+)/;

/**
 * Asks SAM.gov's Exclusions API for a file of every individual with an exclusion in force
 * (`format=csv`; up to 1,000,000 records, outside the search's 10,000): SAM answers at once with the
 * link the file will be downloadable from once generated, and this returns that link's token. One
 * request of the day's budget. The link's host is not used: the download is asked of the configured
 * origin, so the key never goes where an answer points.
 */
export async function requestSamExtract(http: HttpClient, config: SamConfig): Promise<string> {
  const url = samApiUrl(config.baseUrl, SAM_EXCLUSIONS_PATH);
  url.searchParams.set('api_key', config.apiKey);
  url.searchParams.set('classification', 'Individual');
  url.searchParams.set('format', 'csv');
  await config.spend?.();
  const opened = await http.stream(url.toString(), { headers: { accept: SAM_ACCEPT } });
  if (!opened.ok) throw new SourceError(samFailure(opened.error, config.apiKey));
  const answer = await readText(opened.value);
  const token = TOKEN.exec(answer)?.[1];
  if (!token)
    throw new SourceError({
      kind: 'parse-failure',
      message: 'SAM.gov answered the extract request without a download token',
    });
  return token;
}

async function readText(stream: ByteStream): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of stream.body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ANSWER_LIMIT) break;
    }
  } finally {
    stream.close();
  }
  return Buffer.concat(chunks).toString('utf8');
}
