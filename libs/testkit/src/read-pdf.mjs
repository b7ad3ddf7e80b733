// Reads a PDF back with pdf-parse (PDF.js) and prints what a test checks, as JSON: each page's text and
// number of images. Run as its own Node process: PDF.js loads its worker by a dynamic import, which Jest's
// module sandbox refuses.
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';

const pdf = new PDFParse({ data: new Uint8Array(await readFile(process.argv[2])) });
try {
  const text = await pdf.getText();
  const images = await pdf.getImage({ imageBuffer: false, imageDataUrl: false });
  const counts = new Map(images.pages.map((page) => [page.pageNumber, page.images.length]));
  const pages = text.pages.map((page) => ({ text: page.text, images: counts.get(page.num) ?? 0 }));
  process.stdout.write(JSON.stringify({ pages }));
} finally {
  await pdf.destroy();
}
