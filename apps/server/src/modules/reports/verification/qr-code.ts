import qrcode from 'qrcode-generator';

/**
 * The dark modules of a QR code for `text`, row by row. Level M (15% recoverable) survives a
 * printed, folded or photocopied document; the type grows with the text (a /verify URL fits in 4).
 */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}
