import fontkit from '@pdf-lib/fontkit';
import {
  beginMarkedContent,
  endMarkedContent,
  fill,
  PDFDocument,
  type PDFPage,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from 'pdf-lib';
import { encode } from 'uqr';
import { ACCENT, drawText, embedInter, INK, MUTED, RULE, wrapText } from '../receipts/pdf-text';
import { formatLongDate } from '../../lib/format';

/** The QR code is vector squares in marked content `/QRCode` with a link over it, so a reader can scan or click it. */

export interface CertificatePdfData {
  learnerName: string;
  courseTitle: string;
  courseHours: string;
  completedAt: Date;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
  issuer: { productName: string; companyName: string; orgNumber: string };
}

const PAGE = { width: 841.89, height: 595.28 } as const;
/** Error correction M (15 %) and no quiet zone in the matrix: the page's margin around it is white. */
export const QR_OPTIONS = { ecc: 'M', border: 0 } as const;
export const QR_TAG = 'QRCode';

function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = encode(text, QR_OPTIONS);
  const module = size / qr.size;
  const ops = [pushGraphicsState(), beginMarkedContent(QR_TAG), setFillingRgbColor(INK.red, INK.green, INK.blue)];
  qr.data.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      const top = y + size - r * module;
      ops.push(rectangle(x + start * module, top - module, (c - start) * module, module));
    }
  });
  ops.push(fill(), endMarkedContent(), popGraphicsState());
  page.pushOperators(...ops);
}

function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]): void {
  const link = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) } }),
  );
  page.node.addAnnot(link);
}

export async function certificatePdf(data: CertificatePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const { regular, bold } = await embedInter(doc, [data.learnerName, data.courseTitle, data.courseHours]);
  const page = doc.addPage([PAGE.width, PAGE.height]);

  doc.setTitle(`Kursbevis – ${data.courseTitle} – ${data.learnerName}`, { showInWindowTitleBar: true });
  doc.setAuthor(data.issuer.companyName);
  doc.setSubject(`Kursbevis ${data.code}`);
  doc.setCreator(data.issuer.productName);
  doc.setProducer(data.issuer.productName);
  doc.setLanguage('nb-NO');
  // The certificate's own time: the same certificate gives the same PDF every time.
  doc.setCreationDate(data.issuedAt);
  doc.setModificationDate(data.issuedAt);

  const centre = PAGE.width / 2;
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: PAGE.width - 68, height: PAGE.height - 68, borderColor: RULE, borderWidth: 1 });

  let y = PAGE.height - 92;
  drawText(page, bold, data.issuer.productName, { x: centre, y, size: 14, color: ACCENT, align: 'center' });
  y -= 58;
  drawText(page, bold, 'Kursbevis', { x: centre, y, size: 44, color: ACCENT, align: 'center' });
  y -= 44;
  drawText(page, regular, 'Dette bekrefter at', { x: centre, y, size: 13, color: MUTED, align: 'center' });
  y -= 42;
  for (const line of wrapText(bold, data.learnerName, PAGE.width - 200, 30).slice(0, 2)) {
    drawText(page, bold, line, { x: centre, y, size: 30, align: 'center' });
    y -= 36;
  }
  y -= 4;
  drawText(page, regular, 'har fullført kurset', { x: centre, y, size: 13, color: MUTED, align: 'center' });
  y -= 32;
  for (const line of wrapText(bold, data.courseTitle, PAGE.width - 240, 20).slice(0, 3)) {
    drawText(page, bold, line, { x: centre, y, size: 20, align: 'center' });
    y -= 26;
  }
  y -= 6;
  drawText(page, regular, `Omfang: ${data.courseHours} · Fullført ${formatLongDate(data.completedAt)}`, {
    x: centre,
    y,
    size: 12,
    color: INK,
    align: 'center',
  });

  const left = 72;
  page.drawLine({ start: { x: left, y: 118 }, end: { x: left + 220, y: 118 }, thickness: 0.75, color: MUTED });
  drawText(page, bold, data.issuer.companyName, { x: left, y: 100, size: 11 });
  drawText(page, regular, `Org.nr. ${data.issuer.orgNumber}`, { x: left, y: 85, size: 9, color: MUTED });
  drawText(page, regular, `Utstedt ${formatLongDate(data.issuedAt)}`, { x: left, y: 71, size: 9, color: MUTED });

  const qrSize = 92;
  const qrX = PAGE.width - 72 - qrSize;
  const qrY = 84;
  drawQrCode(page, data.verifyUrl, qrX, qrY, qrSize);
  addLink(doc, page, data.verifyUrl, [qrX, qrY, qrX + qrSize, qrY + qrSize]);
  const textRight = qrX - 16;
  drawText(page, regular, 'Kontroller at beviset er ekte:', { x: textRight, y: 150, size: 9, color: MUTED, align: 'right' });
  drawText(page, regular, data.verifyUrl, { x: textRight, y: 136, size: 9, color: ACCENT, align: 'right' });
  drawText(page, regular, `Kode: ${data.code}`, { x: textRight, y: 122, size: 9, color: MUTED, align: 'right' });

  return doc.save();
}
