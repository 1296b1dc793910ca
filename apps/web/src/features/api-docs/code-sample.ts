import { type HarRequest, HTTPSnippet } from '@readme/httpsnippet';
import type { TryItEndpoint } from './try-it-endpoints';

/**
 * The languages of the code samples (spec: shell, node, python, ruby, php), each a runnable
 * program without packages to install beyond the language's usual HTTP library. Node uses the
 * `native` client (its http module), not `fetch`: httpsnippet's fetch and axios clients write form
 * values into single-quoted strings unescaped, so an O'Brien would break the program.
 */
export const SAMPLE_LANGUAGES = [
  { id: 'shell', label: 'Shell', target: 'shell', client: 'curl', extension: 'sh' },
  { id: 'node', label: 'Node', target: 'node', client: 'native', extension: 'js' },
  { id: 'python', label: 'Python', target: 'python', client: 'requests', extension: 'py' },
  { id: 'ruby', label: 'Ruby', target: 'ruby', client: 'native', extension: 'rb' },
  { id: 'php', label: 'PHP', target: 'php', client: 'curl', extension: 'php' },
] as const;

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];
export type SampleLanguageId = SampleLanguage['id'];

/** Stands in for the key in a sample until one is entered. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export type SampleRequest = {
  endpoint: TryItEndpoint;
  /** The body the console would send (buildRequestBody). */
  body: Record<string, string>;
  apiKey: string;
  /** Where the API answers: the page's own origin. */
  origin: string;
};

/** The request as HTTP Archive data, the input httpsnippet converts; the key as a Bearer header. */
export function toHar({ endpoint, body, apiKey, origin }: SampleRequest): HarRequest {
  const entries = Object.entries(body);
  const mimeType = endpoint.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    method: endpoint.method,
    url: new URL(endpoint.path, origin).href,
    httpVersion: 'HTTP/1.1',
    headers: [
      { name: 'Authorization', value: `Bearer ${apiKey.trim() || KEY_PLACEHOLDER}` },
      // Written out: some clients (Node's http, Ruby's net/http) send no content type of their own.
      { name: 'Content-Type', value: mimeType },
      { name: 'Accept', value: 'application/json' },
    ],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    postData:
      endpoint.encoding === 'form'
        ? { mimeType, params: entries.map(([name, value]) => ({ name, value })) }
        : { mimeType, text: JSON.stringify(body) },
  };
}

/** The program that sends the request in `language`. */
export function buildCodeSample(request: SampleRequest, language: SampleLanguage): string {
  const [code] = new HTTPSnippet(toHar(request)).convert(language.target, language.client);
  if (typeof code !== 'string') throw new Error(`httpsnippet has no ${language.target}/${language.client} client`);
  return code;
}
