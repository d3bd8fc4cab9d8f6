// PDFs that are not forms, made for the field finder's evaluation (issue 29) rather than stored:
// the repository's own documentation (prose, lists, code and many ruled tables) and an invoice
// and a letter laid out as offices print them, all printed to PDF by Chromium. Any field found
// on them is a false field.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const DOCS = ['architecture.md', 'api.md', 'deploy.md', 'scaling.md', 'webhooks.md'];
const STYLE = `body { font: 11px/1.45 Helvetica, Arial, sans-serif; margin: 0 }
table { border-collapse: collapse; margin: 8px 0 } td, th { border: 0.7px solid #333;
padding: 3px 6px; vertical-align: top; overflow-wrap: anywhere }
pre { background: #f3f3f3; padding: 6px; white-space: pre-wrap; overflow-wrap: anywhere }
h1, h2, h3 { border-bottom: 0.7px solid #999 } hr { border: 0; border-top: 0.7px solid #000 }`;

const escape = (s: string) => s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;');
const inline = (s: string) =>
  escape(s)
    .replace(/`([^`]+)`/gu, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/gu, '<b>$1</b>');

/** Enough Markdown for our docs: headings, pipe tables, code fences, lists, paragraphs. */
function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.startsWith('```')) {
        code.push(escape(lines[i]!));
      }
      out.push(`<pre>${code.join('\n')}</pre>`);
    } else if (line.startsWith('|')) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) {
        const cells = lines[i]!.split('|').slice(1, -1);
        if (!cells.every((c) => /^\s*:?-+:?\s*$/u.test(c))) {
          rows.push(`<tr>${cells.map((c) => `<td>${inline(c.trim())}</td>`).join('')}</tr>`);
        }
      }
      i--;
      out.push(`<table>${rows.join('')}</table>`);
    } else if (/^#{1,4} /u.test(line)) {
      const level = line.indexOf(' ');
      out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
    } else if (/^\s*[-*] /u.test(line)) {
      out.push(`<ul><li>${inline(line.replace(/^\s*[-*] /u, ''))}</li></ul>`);
    } else if (line.trim() !== '') {
      out.push(`<p>${inline(line)}</p>`);
    }
  }
  return out.join('\n');
}

const INVOICE = `<h2>Invoice 2026-0142</h2>
<p>Nordlicht Druck GmbH · Hafenstraße 12 · 20457 Hamburg</p>
<p>Bill to: Formbridge Demo Ltd, 4 Canal Street, Leeds LS1 4AB<br>Date: 28 November 2026 ·
Due: 28 December 2026 · Customer no. 10493</p>
<table style="width:100%"><tr><th>Item</th><th>Description</th><th>Qty</th><th>Unit price</th>
<th>Amount</th></tr>
${[
  ['A-101', 'Letterheads, 120 g, two colours', '2,000', '0.08', '160.00'],
  ['A-204', 'Envelopes C5 with window', '1,000', '0.11', '110.00'],
  ['B-310', 'Business cards, 350 g matt', '500', '0.09', '45.00'],
  ['S-001', 'Typesetting and proof', '1', '85.00', '85.00'],
  ['S-020', 'Delivery', '1', '12.50', '12.50'],
]
  .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
  .join('')}
<tr><td colspan="4">Subtotal</td><td>412.50</td></tr><tr><td colspan="4">VAT 19 %</td>
<td>78.38</td></tr><tr><td colspan="4"><b>Total</b></td><td><b>490.88</b></td></tr></table>
<p>Please pay by bank transfer to IBAN DE12 2005 0550 1234 5678 90, quoting the invoice number.</p>
<hr><p style="font-size:9px">Nordlicht Druck GmbH · Registered at Hamburg HRB 123456 ·
VAT DE123456789 · Managing director: J. Petersen</p>`;

const LETTER = `<p style="text-align:right">Leeds, 28 November 2026</p>
<p>Ms A. Example<br>12 Market Row<br>York YO1 8AA</p>
<p><b>Your enquiry of 20 November</b></p>
${Array.from(
  { length: 6 },
  () =>
    '<p>Thank you for your letter. We have looked into the matter you raised and are glad to ' +
    'confirm that the documents reached us in good order. Our team will be in touch within ten ' +
    'working days with the outcome, and in the meantime you need not do anything further.</p>',
).join('\n')}
<p>Yours sincerely,</p><p style="margin-top:40px">Jordan Smith<br>Customer Services</p>`;

/** Write the generated non-form PDFs into `dir`; returns their file names. */
export async function writeNonFormPdfs(repoRoot: string, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const pages: [string, string][] = [
    ...DOCS.map((d): [string, string] => [
      `docs_${d.replace('.md', '')}.pdf`,
      markdownToHtml(readFileSync(join(repoRoot, 'docs', d), 'utf8')),
    ]),
    ['invoice.pdf', INVOICE],
    ['letter.pdf', LETTER],
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const page = await browser.newPage();
    for (const [file, body] of pages) {
      await page.setContent(`<!doctype html><style>${STYLE}</style>${body}`);
      const pdf = await page.pdf({
        format: 'A4',
        margin: { top: '20mm', bottom: '20mm', left: '18mm', right: '18mm' },
      });
      writeFileSync(join(dir, file), pdf);
    }
  } finally {
    await browser.close();
  }
  return pages.map(([file]) => file);
}
