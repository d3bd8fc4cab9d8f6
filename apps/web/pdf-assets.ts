import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Serves the pdf.js worker, CMaps, standard fonts and annotation icons (web/images/annotation-*)
 * as static assets under /pdfjs/ — taken from
 * the pdfjs-dist that react-pdf itself depends on (react-pdf pins its version; a worker from a
 * different pdfjs-dist renders blank pages without an error).
 */
export function pdfjsAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const reactPdfDir = path.dirname(require.resolve('react-pdf/package.json'));
  const pdfjsDir = path.dirname(
    createRequire(path.join(reactPdfDir, 'package.json')).resolve('pdfjs-dist/package.json'),
  );
  const files: Array<{ url: string; source: string }> = [
    { url: 'pdfjs/pdf.worker.min.mjs', source: path.join(pdfjsDir, 'build/pdf.worker.min.mjs') },
  ];
  for (const dir of ['cmaps', 'standard_fonts']) {
    for (const name of fs.readdirSync(path.join(pdfjsDir, dir))) {
      files.push({ url: `pdfjs/${dir}/${name}`, source: path.join(pdfjsDir, dir, name) });
    }
  }
  for (const name of fs.readdirSync(path.join(pdfjsDir, 'web/images'))) {
    if (name.startsWith('annotation-')) {
      files.push({ url: `pdfjs/images/${name}`, source: path.join(pdfjsDir, 'web/images', name) });
    }
  }
  const byUrl = new Map(files.map((file) => [`/${file.url}`, file.source]));
  return {
    name: 'formbridge-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = req.url ? byUrl.get(req.url.split('?')[0] ?? '') : undefined;
        if (!source) {
          next();
          return;
        }
        res.setHeader(
          'content-type',
          source.endsWith('.mjs')
            ? 'text/javascript'
            : source.endsWith('.svg')
              ? 'image/svg+xml'
              : 'application/octet-stream',
        );
        fs.createReadStream(source).pipe(res);
      });
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: file.url, source: fs.readFileSync(file.source) });
      }
    },
  };
}
