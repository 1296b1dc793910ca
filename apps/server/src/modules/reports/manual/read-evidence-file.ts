import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { checkEvidenceFile, detectEvidenceType, type EvidenceType } from '@licensewatch/shared/manual-verification';
import { AppError } from '../../../platform/errors.ts';

export type EvidenceFile = {
  /** The name as the person's computer had it, without any folder part or control characters. */
  name: string;
  type: EvidenceType;
  size: number;
  sha256: string;
  content: Buffer;
};

/**
 * The evidence of a verification by hand, from the base64 the request carried: refused (400, naming
 * the field) when empty, over 5 MB, or not a PDF, PNG or JPEG by its first bytes — a name or a claimed
 * type proves nothing. Its SHA-256 is computed here, on what will be stored, never taken from the client.
 */
export function readEvidenceFile({ file_name, content }: { file_name: string; content: string }): EvidenceFile {
  const bytes = Buffer.from(content, 'base64');
  const refusal = checkEvidenceFile(bytes, bytes.length);
  if (refusal) throw AppError.validation(refusal);
  const name =
    basename(file_name.replaceAll('\\', '/'))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f"]/g, '')
      .trim() || 'evidence';
  return {
    name,
    type: detectEvidenceType(bytes) as EvidenceType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    content: bytes,
  };
}
