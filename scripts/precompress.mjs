// Writes .br and .gz beside every compressible built file, so the server sends them precompressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve('dist/web');
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
let count = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (compressible.test(entry)) {
      const body = readFileSync(full);
      if (body.length < 512) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
};
walk(root);
console.log(`precompressed ${count} files`);
