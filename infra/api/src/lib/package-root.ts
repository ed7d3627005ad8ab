import fs from 'node:fs';
import path from 'node:path';

/**
 * The infra/api folder, whether this code runs from its sources (src/, under tsx or jest) or from
 * the bundled artefact (dist/server.js): files that ship beside the code (drizzle/ migrations, the
 * default .data/ folder) are found from here, not from a depth below __dirname that differs
 * between the two.
 */
export function packageRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'drizzle'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`infra-api: no package folder with drizzle/ above ${from}`);
    dir = parent;
  }
}
