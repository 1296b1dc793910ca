import { describe, expect, it } from 'vitest';
import { buildCodeSample, KEY_PLACEHOLDER, SAMPLE_LANGUAGES, type SampleLanguageId, toHar } from './code-sample';
import { TRY_IT_ENDPOINTS } from './try-it-endpoints';

const [byName, , , beta] = TRY_IT_ENDPOINTS;
if (!byName || !beta) throw new Error('the console lists four endpoints');

/** Parses a program without running it: throws a SyntaxError when it would not run. */
const compile = (code: string) => new Function(code);

const ORIGIN = 'http://127.0.0.1:4300';
const KEY = 'lw_test_0123456789abcdef';
const language = (id: SampleLanguageId) => {
  const found = SAMPLE_LANGUAGES.find((l) => l.id === id);
  if (!found) throw new Error(id);
  return found;
};

const formRequest = {
  endpoint: byName,
  body: { First_Name: 'Maya', Last_Name: "O'Brien", License_Type: 'MD' },
  apiKey: KEY,
  origin: ORIGIN,
};

describe('code samples', () => {
  it('come in the five documented languages', () => {
    expect(SAMPLE_LANGUAGES.map((l) => l.label)).toEqual(['Shell', 'Node', 'Python', 'Ruby', 'PHP']);
  });

  it.each(SAMPLE_LANGUAGES.map((l) => l.id))("%s: calls the page's origin with the Bearer key and the values", (id) => {
    const code = buildCodeSample(formRequest, language(id));
    expect(code).toContain('127.0.0.1');
    expect(code).toContain('4300');
    expect(code).toContain('/api/v1/medical/search-license/');
    expect(code).toContain(`Bearer ${KEY}`);
    expect(code).toMatch(/Maya/);
    expect(code).not.toContain('credential_key');
  });

  it('shell: a curl command with form-encoded values, an apostrophe quoted for the shell', () => {
    const code = buildCodeSample(formRequest, language('shell'));
    expect(code).toMatch(/^curl --request POST/);
    expect(code).toContain(`--data-urlencode 'Last_Name=O'\\''Brien'`);
  });

  it("node: a program that compiles even with an apostrophe in a name (fetch's client would not)", () => {
    const code = buildCodeSample(formRequest, language('node'));
    expect(() => compile(code)).not.toThrow();
    expect(code).toContain("require('http')");
  });

  it('names the content type, which Node and Ruby would not send on their own', () => {
    const har = toHar(formRequest);
    expect(har.headers).toContainEqual({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    expect(toHar({ ...formRequest, endpoint: beta, body: {} }).headers).toContainEqual({
      name: 'Content-Type',
      value: 'application/json',
    });
  });

  it('sends the beta endpoint a JSON body', () => {
    const request = {
      endpoint: beta,
      body: { state_name: 'Washington, DC', last_name: 'Patel' },
      apiKey: KEY,
      origin: ORIGIN,
    };
    expect(toHar(request).postData).toEqual({
      mimeType: 'application/json',
      text: '{"state_name":"Washington, DC","last_name":"Patel"}',
    });
    const node = buildCodeSample(request, language('node'));
    expect(() => compile(node)).not.toThrow();
    expect(node).toContain('JSON.stringify');
  });

  it('shows a placeholder until a key is entered', () => {
    const code = buildCodeSample({ ...formRequest, apiKey: '  ' }, language('python'));
    expect(code).toContain(`Bearer ${KEY_PLACEHOLDER}`);
  });

  it('uses https for an https origin', () => {
    const code = buildCodeSample({ ...formRequest, origin: 'https://licensewatch.example' }, language('node'));
    expect(code).toContain("require('https')");
  });
});
