import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './error-message';

describe('errorMessageOf', () => {
  it("prefers the answer's error, then its detail", () => {
    expect(errorMessageOf({ error: 'Bad key', detail: 'Invalid API key' })).toBe('Bad key');
    expect(errorMessageOf({ detail: 'Invalid API key', code: 'INVALID_API_KEY' })).toBe('Invalid API key');
  });

  it("falls back to 'An error occurred' for anything else", () => {
    for (const body of [{}, { error: '' }, { detail: 42 }, null, '<html>502</html>', undefined]) {
      expect(errorMessageOf(body)).toBe('An error occurred');
    }
  });
});
