import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { encode } from 'uqr';
import { QR_OPTIONS, QR_TAG } from '../src/server/certificates/certificate-pdf';

/**
 * Reads a certificate PDF the way a person would (issue 25): its pages and size, its text, and the
 * address its QR code carries. The QR code is read from the page's drawing: the squares inside the
 * `/QRCode` marked content make a module matrix, and the address is the link over the code when
 * that matrix is exactly the QR code of it (uqr with the PDF's own options); otherwise null.
 */
export interface ReadCertificate {
  pages: number;
  width: number;
  height: number;
  text: string;
  qrUrl: string | null;
}

function contentText(page: PDFDict, doc: PDFDocument): string {
  const contents = page.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) return '';
      const filter = stream.dict.lookup(PDFName.of('Filter'));
      const bytes = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
      return Buffer.from(bytes).toString('latin1');
    })
    .join('\n');
}

/** The module matrix drawn inside the QR code's marked content. */
function drawnMatrix(content: string): boolean[][] | null {
  const start = content.indexOf(`/${QR_TAG} BMC`);
  if (start < 0) return null;
  const section = content.slice(start, content.indexOf('EMC', start));
  const rects = [...section.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
  );
  if (rects.length === 0) return null;
  const module = Math.min(...rects.map((r) => r[3]));
  const left = Math.min(...rects.map((r) => r[0]));
  const top = Math.max(...rects.map((r) => r[1] + r[3]));
  const size = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - left) / module);
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const [x, y, w, h] of rects) {
    const row = Math.round((top - (y + h)) / module);
    const first = Math.round((x - left) / module);
    for (let c = first; c < first + Math.round(w / module); c++) if (matrix[row]) matrix[row][c] = true;
  }
  return matrix;
}

function linkUrls(page: PDFDict): string[] {
  const annots = page.lookup(PDFName.of('Annots'));
  if (!(annots instanceof PDFArray)) return [];
  return annots.asArray().flatMap((ref) => {
    const annot = page.context.lookup(ref);
    const action = annot instanceof PDFDict ? annot.lookup(PDFName.of('A')) : null;
    const uri = action instanceof PDFDict ? action.lookup(PDFName.of('URI')) : null;
    return uri instanceof PDFString ? [uri.decodeText()] : [];
  });
}

export async function readCertificatePdf(bytes: Uint8Array): Promise<ReadCertificate> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const [page] = doc.getPages();
  const matrix = page ? drawnMatrix(contentText(page.node, doc)) : null;
  const qrUrl =
    (matrix &&
      linkUrls(page!.node).find((url) => {
        const expected = encode(url, QR_OPTIONS).data;
        return expected.length === matrix.length && expected.every((row, r) => row.every((dark, c) => dark === matrix[r]![c]));
      })) ??
    null;
  return { pages: totalPages, width: page?.getWidth() ?? 0, height: page?.getHeight() ?? 0, text: text.replace(/\s+/g, ' '), qrUrl };
}
