import { describe, expect, it } from 'vitest';
import { likeContains } from './like-contains.ts';

describe('likeContains', () => {
  it('wraps the text in % and escapes the characters LIKE would read as patterns', () => {
    expect(likeContains('ada@example.com')).toBe('%ada@example.com%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
