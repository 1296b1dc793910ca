import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { readEvidenceFile } from './read-evidence-file.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('reading the evidence of a verification by hand', () => {
  it('keeps a PNG with its type from its bytes, its size and its SHA-256', () => {
    const file = readEvidenceFile({ file_name: 'board.pdf', content: PNG.toString('base64') });
    // Named .pdf, but its bytes say PNG: the bytes decide.
    expect(file).toMatchObject({ type: 'image/png', size: PNG.length, name: 'board.pdf' });
    expect(file.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    expect(file.content.equals(PNG)).toBe(true);
  });

  it('keeps only the name of a path, without control characters or quotes', () => {
    const read = (name: string) => readEvidenceFile({ file_name: name, content: PNG.toString('base64') }).name;
    expect(read('C:\\Users\\me\\Desktop\\look-up.png')).toBe('look-up.png');
    expect(read('../../etc/"pass\u0007wd".png')).toBe('passwd.png');
    expect(read('/')).toBe('evidence');
  });

  it('refuses what is not a PDF, PNG or JPEG with a 400 naming the field', () => {
    const refuse = (content: Buffer) => {
      try {
        readEvidenceFile({ file_name: 'x.png', content: content.toString('base64') });
      } catch (error) {
        return error instanceof AppError ? [error.status, error.message] : error;
      }
      return 'accepted';
    };
    expect(refuse(Buffer.from('GIF89a'))).toEqual([400, 'evidence: The evidence must be a PDF, PNG or JPEG file']);
    expect(refuse(Buffer.alloc(0))).toEqual([400, 'evidence: The evidence file is empty']);
    expect(refuse(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toEqual([
      400,
      'evidence: The evidence file is larger than 5 MB',
    ]);
  });
});
