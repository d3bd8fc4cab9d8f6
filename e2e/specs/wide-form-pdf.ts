/**
 * A plain PDF form with `count` text fields, 40 to a page in two columns, written by hand (the
 * e2e workspace has no PDF library): real tax returns have up to 925 fields.
 */
export function wideFormPdf(count: number): Buffer {
  const perPage = 40;
  const pageCount = Math.ceil(count / perPage);
  const objects: string[] = [];
  // 1: catalog, 2: pages, 3: font; then per page: page, contents; then one object per field.
  const fieldBase = 4 + pageCount * 2;
  const fieldRefs = Array.from({ length: count }, (_, index) => `${fieldBase + index} 0 R`);
  objects[1] = `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${fieldRefs.join(' ')}] /DA (/Helv 10 Tf 0 g) /DR << /Font << /Helv 3 0 R >> >> >> >>`;
  const pageRefs = Array.from({ length: pageCount }, (_, page) => `${4 + page * 2} 0 R`);
  objects[2] = `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pageCount} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  for (let page = 0; page < pageCount; page += 1) {
    const first = page * perPage;
    const onPage = Array.from({ length: Math.min(perPage, count - first) }, (_, i) => first + i);
    const labels = onPage
      .map((index, i) => {
        const [x, y] = position(i);
        return `BT /F1 8 Tf ${x} ${y + 4} Td (Line ${index + 1}) Tj ET`;
      })
      .join('\n');
    const annots = onPage.map((index) => `${fieldBase + index} 0 R`).join(' ');
    objects[4 + page * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + page * 2} 0 R /Annots [${annots}] >>`;
    objects[5 + page * 2] = `<< /Length ${labels.length} >>\nstream\n${labels}\nendstream`;
    for (const [i, index] of onPage.entries()) {
      const [x, y] = position(i);
      objects[fieldBase + index] =
        `<< /Type /Annot /Subtype /Widget /FT /Tx /T (line_${String(index + 1).padStart(4, '0')}) /TU (Line ${index + 1}) /Rect [${x + 60} ${y} ${x + 240} ${y + 16}] /P ${4 + page * 2} 0 R /F 4 /DA (/Helv 10 Tf 0 g) >>`;
    }
  }
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let number = 1; number < objects.length; number += 1) {
    offsets[number] = Buffer.byteLength(body);
    body += `${number} 0 obj\n${objects[number]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let number = 1; number < objects.length; number += 1) {
    body += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Lower-left corner of the i-th field's label on its page: two columns of 20 rows. */
function position(i: number): [number, number] {
  const column = Math.floor(i / 20);
  const row = i % 20;
  return [40 + column * 280, 740 - row * 35];
}
