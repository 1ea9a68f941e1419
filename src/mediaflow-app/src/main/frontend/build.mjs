// Bundles the console into one directory of static files (index.html, console.js, console.css, fonts), which the
// Maven build packages under static/ so the application serves it at /. Nothing is fetched at run time.
// Usage: node build.mjs <output directory>
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, 'dist'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { console: path.join(here, 'src', 'main.js') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outdir: out,
  // The fonts of bpmn-js's and form-js's stylesheets become files next to console.css.
  loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file' },
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning'
});
copyFileSync(path.join(here, 'src', 'index.html'), path.join(out, 'index.html'));
console.log(`Console built into ${out}`);
