import QRCode from 'qrcode';

/** The part of pdfkit's document the QR code is drawn with. */
export type RectCanvas = {
  rect(x: number, y: number, width: number, height: number): unknown;
  fill(color?: string): unknown;
};

/** Modules of white border the QR specification asks for around the symbol. */
const QUIET_ZONE = 4;

/**
 * Draws `text` as a QR code filling the square at (x, y) of side `size`, quiet zone included, as vector
 * rectangles (sharp at any print resolution). Error correction M survives a crease or a smudge.
 */
export function drawQrCode(canvas: RectCanvas, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 2 * QUIET_ZONE);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      // A hair wider than the cell, so neighbouring modules print without white seams.
      const left = x + (col + QUIET_ZONE) * cell;
      const top = y + (row + QUIET_ZONE) * cell;
      canvas.rect(left, top, cell + 0.05, cell + 0.05);
    }
  }
  canvas.fill('black');
}
