import fs from 'node:fs';
import path from 'node:path';

/** The repo's one slice list (slices.json), so a new slice is covered by every check without editing it. */
export const SLICES: readonly string[] = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../slices.json'), 'utf8')).slices;
